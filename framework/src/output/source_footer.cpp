#include "output/source_footer.hpp"

#include "bench/output/view.hpp"
#include "harness/noise_report.hpp"

namespace actorbench::bench {

namespace {

std::string or_unknown(const std::string& text) {
  return text.empty() ? "unknown" : text;
}

std::string provenance(const results_source& s) {
  const auto& m = s.machine;
  auto cpu = or_unknown(m.cpu_model) + ", " + std::to_string(m.cores)
             + (m.cores == 1 ? " core" : " cores");
  return "host " + or_unknown(m.hostname) + " (" + cpu + "); " + s.tool.name + " "
         + or_unknown(s.tool.version) + ", git " + or_unknown(s.tool.git_commit) + "; created "
         + or_unknown(s.created);
}

} // namespace

std::string merged_host_note(const scenario_results& r) {
  if (r.sources.empty())
    return {};
  return " (" + r.sources.front().file + "'s host; every file's is in the footer)";
}

std::vector<std::string> source_footer(const scenario_results& r) {
  std::vector<std::string> out;
  for (const auto& s : r.sources) {
    out.push_back(s.file + ": " + provenance(s));
    if (!s.noise)
      continue;
    auto summary = summarize_noise(*s.noise);
    out.push_back(s.file + ": " + noise_footer(*s.noise, summary));
    if (auto warning = noise_warning(*s.noise, summary); !warning.empty())
      out.push_back(s.file + ": warning: " + warning);
  }
  return out;
}

} // namespace actorbench::bench
