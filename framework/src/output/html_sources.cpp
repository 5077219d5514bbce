#include "output/html_sources.hpp"

#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "bench/output/units.hpp"
#include "harness/noise_report.hpp"
#include "output/html_text.hpp"

namespace actorbench::bench {

namespace {

/// A word as a POSIX shell reads it back: quoted when it holds anything
/// but letters, digits and -_./=:,+@%.
std::string shell_word(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789-_./=:,+@%") == std::string::npos)
    return word;
  std::string out = "'";
  for (char c : word)
    out += c == '\'' ? std::string{"'\\''"} : std::string(1, c);
  return out + "'";
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

std::string load_text(const scenario_results& r) {
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

std::string source_html(const std::string& label, const scenario_results& context,
                        bool with_probe) {
  std::vector<std::pair<std::string, std::string>> rows{
    {"machine", machine_text(context.machine)},
    {"libraries", libraries_text(context.machine)},
    {"load average (1 min)", load_text(context)},
    {"command", command_text(context.command_line)},
    {"date", context.created.empty() ? "unknown" : context.created},
    {"commit", context.tool.git_commit},
    {"tool", tool_text(context.tool)}};
  if (with_probe && context.noise) {
    auto s = summarize_noise(*context.noise);
    rows.emplace_back("host probe", noise_footer(*context.noise, s));
    if (auto warning = noise_warning(*context.noise, s); !warning.empty())
      rows.emplace_back("warning", warning);
  }
  std::string out = "<section class=\"source\">\n<h3>" + html_text(label) + "</h3>\n<dl>\n";
  for (const auto& [name, value] : rows) {
    auto text = html_text(value);
    out += "<dt>" + name + "</dt><dd>"
           + (name == "command" ? "<code>" + text + "</code>" : text) + "</dd>\n";
  }
  return out + "</dl>\n</section>\n";
}

} // namespace actorbench::bench
