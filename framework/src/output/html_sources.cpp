#include "output/html_sources.hpp"

#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "bench/output/units.hpp"
#include "harness/noise_report.hpp"
#include "output/html_text.hpp"
#include "output/shell_quoted.hpp"

namespace actorbench::bench {

namespace {

/// A word as a POSIX shell reads it back: quoted when it holds anything
/// but letters, digits and -_./=:,+@%.
std::string shell_word(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789-_./=:,+@%") == std::string::npos)
    return word;
  return shell_quoted(word);
}

std::string command_text(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words)
    out += (out.empty() ? "" : " ") + shell_word(w);
  return out.empty() ? "unknown" : out;
}

std::string machine_text(const machine_info& m) {
  std::string out = m.cpu_model.empty() ? "unknown CPU" : m.cpu_model;
  out += ", " + counted(m.cores, "core");
  if (m.memory_bytes > 0)
    out += ", " + format_value(static_cast<double>(m.memory_bytes), "bytes") + " of memory";
  out += m.aes ? ", AES" : "";
  out += m.avx2 ? ", AVX2" : "";
  if (!m.kernel.empty())
    out += "; " + m.kernel;
  if (!m.hostname.empty())
    out += "; host " + m.hostname;
  return out;
}

std::string libraries_text(const machine_info& m) {
  std::string out;
  for (const auto& [name, version] : {std::pair{"CAF", m.caf_version},
                                      {"OpenSSL", m.openssl_version},
                                      {"libsodium", m.libsodium_version}})
    if (!version.empty())
      // OpenSSL's and libsodium's version strings start with their names.
      out += (out.empty() ? "" : ", ")
             + (version.rfind(name, 0) == 0 ? version : std::string{name} + " " + version);
  return out;
}

std::string load_text(const results_source& r) {
  auto number = [](double v) {
    if (!std::isfinite(v))
      return std::string{"n/a"};
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return std::string{buf};
  };
  return number(r.load_start) + " at the start, " + number(r.load_end) + " at the end";
}

std::string tool_text(const tool_info& t) {
  auto out = t.name + " " + t.version;
  if (!t.allocator.empty())
    out += ", " + t.allocator + " malloc";
  return out;
}

} // namespace

results_source source_of(const scenario_results& r, std::string label) {
  return {std::move(label), r.tool,         r.created,    r.machine,
          r.noise,          r.command_line, r.load_start, r.load_end};
}

std::string source_html(const results_source& source) {
  std::vector<std::pair<std::string, std::string>> rows{
    {"machine", machine_text(source.machine)},
    {"libraries", libraries_text(source.machine)},
    {"load average (1 min)", load_text(source)},
    {"command", command_text(source.command_line)},
    {"date", source.created.empty() ? "unknown" : source.created},
    {"commit", source.tool.git_commit},
    {"tool", tool_text(source.tool)}};
  if (source.noise) {
    auto s = summarize_noise(*source.noise);
    rows.emplace_back("host probe", noise_footer(*source.noise, s));
    if (auto warning = noise_warning(*source.noise, s); !warning.empty())
      rows.emplace_back("warning", warning);
  }
  std::string out = "<section class=\"source\">\n<h3>" + html_text(source.file) + "</h3>\n<dl>\n";
  for (const auto& [name, value] : rows) {
    auto text = html_text(value);
    out += "<dt>" + name + "</dt><dd>"
           + (name == "command" ? "<code>" + text + "</code>" : text) + "</dd>\n";
  }
  return out + "</dl>\n</section>\n";
}

} // namespace actorbench::bench
