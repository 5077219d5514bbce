#include "bench/scenarios/fanout/erlang_table_labels.hpp"

#include <functional>

namespace actorbench::bench {

namespace {

std::string value_text(const configuration_result& c, const std::string& name) {
  auto i = c.config.values.find(name);
  return i == c.config.values.end() ? std::string{} : to_text(i->second);
}

bool crypto_on(const configuration_result& c) {
  return value_text(c, "crypto") == "on";
}

// A field of the labels: its text in a column, and in the line above the
// table when every configuration shares it; both empty where it is n/a.
struct field {
  std::function<std::string(const configuration_result&)> column;
  std::function<std::string(const configuration_result&)> constant;
};

// The report's column words, and its header words for a shared value.
std::vector<field> fields() {
  auto named = [](std::string name, std::string before, std::string after) {
    return [=](const configuration_result& c) {
      auto v = value_text(c, name);
      return v.empty() ? v : before + v + after;
    };
  };
  auto crypto_only = [](std::function<std::string(const configuration_result&)> f) {
    return [=](const configuration_result& c) { return crypto_on(c) ? f(c) : std::string{}; };
  };
  auto cipher = crypto_only([](const configuration_result& c) {
    return value_text(c, "backend") + "/" + value_text(c, "cipher");
  });
  return {
    {[](const configuration_result& c) { return c.source; },
     [](const configuration_result&) { return std::string{}; }},
    {named("procs", "", " procs"), named("procs", "", " procs")},
    {named("crypto", "crypto ", ""), named("crypto", "crypto ", "")},
    {cipher, cipher},
    {named("threads", "", " threads"), named("threads", "", " scheduler threads")},
    {named("policy", "", ""), named("policy", "policy ", "")},
    {named("spawn", "spawn ", ""), named("spawn", "spawned by ", "")},
    {named("clock", "clock ", ""), named("clock", "clock ", "")},
    {crypto_only(named("context", "context ", "")),
     crypto_only(named("context", "cipher contexts ", ""))},
  };
}

constexpr std::size_t crypto_field = 2;
constexpr std::size_t cipher_field = 3;
constexpr std::size_t threads_field = 4;
constexpr std::size_t policy_field = 5;

// A field varies when it takes two different non-empty values.
bool varies(const field& f, const std::vector<configuration_result>& cs) {
  std::string seen;
  for (const auto& c : cs) {
    auto v = f.column(c);
    if (v.empty())
      continue;
    if (!seen.empty() && v != seen)
      return true;
    seen = v;
  }
  return false;
}

std::string first_nonempty(const field& f, const std::vector<configuration_result>& cs) {
  for (const auto& c : cs)
    if (auto v = f.constant(c); !v.empty())
      return v;
  return {};
}

// The fixed values: --pin, and the nodes a run's senders were split across.
void add_fixed(const configuration_result& c, std::vector<std::string>& out) {
  if (auto pin = value_text(c, "pin"); !pin.empty()) {
    std::string cpus = "pinned to CPUs ";
    for (char ch : pin)
      cpus += ch == ',' ? ' ' : ch;
    out.push_back(cpus);
  }
  if (c.runs.empty() || c.runs.front().record.parts.empty())
    return;
  const auto& parts = c.runs.front().record.parts;
  auto text = "senders split across " + std::to_string(parts.size()) + " nodes:";
  for (const auto& p : parts) {
    auto senders = p.facts.find("senders");
    text += " " + p.name;
    if (senders != p.facts.end() && std::holds_alternative<double>(senders->second))
      text +=
        " (" + std::to_string(static_cast<long long>(std::get<double>(senders->second))) + ")";
  }
  out.push_back(text);
}

std::vector<std::string> shared_values(const std::vector<field>& fs, const std::vector<bool>& shown,
                                       const std::vector<configuration_result>& cs) {
  std::vector<std::string> out;
  for (std::size_t f = 0; f < fs.size(); ++f) {
    if (shown[f])
      continue;
    auto text = first_nonempty(fs[f], cs);
    if (text.empty())
      continue;
    // "2 scheduler threads (stealing)", as the report's header says it.
    if (f == policy_field && !shown[threads_field] && !out.empty()
        && out.back().find(" scheduler threads") != std::string::npos)
      out.back() += " (" + value_text(cs.front(), "policy") + ")";
    else
      out.push_back(text);
  }
  add_fixed(cs.front(), out);
  return out;
}

} // namespace

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines)
    out += (out.empty() ? "" : ", ") + l;
  return out;
}

erlang_table_labels label_configurations(const std::vector<configuration_result>& cs) {
  erlang_table_labels out;
  if (cs.empty())
    return out;
  auto fs = fields();
  std::vector<bool> shown(fs.size());
  for (std::size_t f = 0; f < fs.size(); ++f)
    shown[f] = varies(fs[f], cs) || (cs.size() == 1 && f >= 1 && f <= cipher_field);
  // Crypto on or off: say with which cipher it was on.
  shown[cipher_field] = shown[cipher_field] || shown[crypto_field];
  for (const auto& c : cs) {
    std::vector<std::string> lines;
    for (std::size_t f = 0; f < fs.size(); ++f)
      if (auto text = fs[f].column(c); shown[f] && !text.empty())
        lines.push_back(text);
    if (lines.empty())
      lines.push_back("fan-out");
    out.columns.push_back(std::move(lines));
  }
  out.constants = shared_values(fs, shown, cs);
  return out;
}

} // namespace actorbench::bench
