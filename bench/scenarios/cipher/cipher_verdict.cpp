#include "bench/scenarios/cipher/cipher_verdict.hpp"

#include <algorithm>
#include <map>
#include <variant>

#include "bench/harness/ratio_interval.hpp"
#include "bench/harness/run_values.hpp"
#include "bench/harness/statistics.hpp"
#include "bench/output/ratio_text.hpp"
#include "bench/output/units.hpp"
#include "bench/output/verdict.hpp"

namespace actorbench::bench {

namespace {

// What names a case, most telling first; the size groups them instead.
const char* const naming_params[] = {"backend", "cipher", "context", "direction", "threads"};

std::string value_of(const configuration_result& c, const char* name) {
  auto at = c.config.values.find(std::string_view{name});
  return at == c.config.values.end() ? std::string{} : to_text(at->second);
}

bool varies(const scenario_results& r, const char* name) {
  for (const auto& c : r.configurations)
    if (value_of(c, name) != value_of(r.configurations.front(), name))
      return true;
  return false;
}

// "nettle aes-128-gcm": the back-end, the cipher and what else varies;
// against `best`, only what differs from it ("gcrypt").
std::string name_of(const scenario_results& r, const configuration_result& c,
                    const configuration_result* best) {
  std::string out;
  for (const auto* p : naming_params) {
    bool shown = std::string{p} == "backend" || std::string{p} == "cipher" || varies(r, p);
    if (!shown || (best != nullptr && value_of(c, p) == value_of(*best, p)))
      continue;
    auto v = value_of(c, p);
    if (std::string{p} == "threads")
      v += " threads";
    out += (out.empty() ? "" : " ") + v;
  }
  return out.empty() ? value_of(c, "backend") : out;
}

// One size: its fastest case, its ties or the runner-up.
std::string size_verdict(const scenario_results& r, const std::vector<std::size_t>& members) {
  const auto& m = r.scenario.headline();
  // The no-op back-end is a baseline, not a library to choose: left out
  // unless it is all there is.
  bool only_none = std::all_of(members.begin(), members.end(), [&](std::size_t i) {
    return value_of(r.configurations[i], "backend") == "none";
  });
  std::vector<std::pair<std::size_t, std::vector<double>>> measured;
  for (auto i : members)
    if (only_none || value_of(r.configurations[i], "backend") != "none")
      if (auto v = per_run_values(r.configurations[i], m); !v.empty())
        measured.emplace_back(i, std::move(v));
  if (measured.empty())
    return "n/a";
  std::stable_sort(measured.begin(), measured.end(), [](const auto& a, const auto& b) {
    return median(a.second) < median(b.second);
  });
  const auto& best = r.configurations[measured.front().first];
  auto text = name_of(r, best, nullptr) + " " + median_with_interval(measured.front().second, "s");
  std::vector<std::string> ties;
  std::string next;
  for (std::size_t k = 1; k < measured.size(); ++k) {
    auto q = relative_to(measured[k].second, measured.front().second);
    auto name = name_of(r, r.configurations[measured[k].first], &best);
    if (is_tie(q))
      ties.push_back(name + " ties (" + factor_with_interval(q) + ")");
    else if (next.empty())
      next = "next " + name + " " + describe_ratio(q, m);
  }
  for (const auto& t : ties)
    text += "; " + t;
  if (ties.empty() && !next.empty())
    text += "; " + next;
  return text;
}

} // namespace

std::string cipher_verdict(const scenario_results& r) {
  std::map<double, std::vector<std::size_t>> by_size;
  for (std::size_t i = 0; i < r.configurations.size(); ++i) {
    const auto& values = r.configurations[i].config.values;
    auto size = values.find(std::string_view{"size"});
    const auto* n = size == values.end() ? nullptr : std::get_if<std::int64_t>(&size->second);
    by_size[n == nullptr ? 0.0 : static_cast<double>(*n)].push_back(i);
  }
  std::string out;
  for (const auto& [bytes, members] : by_size)
    out += std::string{out.empty() ? "fastest at " : "; at "} + grouped(bytes)
           + " B: " + size_verdict(r, members);
  return out.empty() ? std::string{"no runs measured"} : out;
}

} // namespace actorbench::bench
