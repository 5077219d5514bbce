#include "bench/comparison.hpp"

#include <cstdio>
#include <functional>

namespace actorbench::bench {

relative_speed compare_to(const fanout_result& result, const fanout_result& reference) {
  relative_speed out;
  out.speed = compare(summarize(result.samples_s), summarize(reference.samples_s));
  out.p_value = mann_whitney_u_p_value(result.samples_s, reference.samples_s);
  out.few_samples = result.samples_s.size() < min_samples_for_u_test
                    || reference.samples_s.size() < min_samples_for_u_test;
  return out;
}

std::vector<std::string> result_labels(const std::vector<fanout_result>& results) {
  using field = std::function<std::string(const fanout_result&)>;
  const std::vector<field> fields = {
    [](const fanout_result& r) { return std::to_string(r.procs) + " procs"; },
    [](const fanout_result& r) { return std::string{"crypto "} + (r.crypto ? "on" : "off"); },
    [](const fanout_result& r) { return r.crypto ? r.backend + "/" + r.cipher : std::string{}; },
    [](const fanout_result& r) { return std::to_string(r.threads) + " threads"; },
    [](const fanout_result& r) { return r.policy; },
    [](const fanout_result& r) { return "spawn " + r.spawn; },
    [](const fanout_result& r) { return "clock " + r.clock; },
    [](const fanout_result& r) { return r.crypto ? "context " + r.context : std::string{}; },
  };
  // A field varies when it takes two different non-empty values (fields
  // only crypto-on results have are empty for the others).
  std::vector<bool> varies(fields.size(), false);
  for (std::size_t f = 0; f < fields.size(); ++f) {
    std::string seen;
    for (const auto& r : results) {
      auto v = fields[f](r);
      if (v.empty())
        continue;
      varies[f] = varies[f] || (!seen.empty() && v != seen);
      seen = v;
    }
  }
  // Crypto on or off: say with which cipher it was on.
  varies[2] = varies[2] || varies[1];
  std::vector<std::string> labels(results.size());
  for (std::size_t f = 0; f < fields.size(); ++f) {
    // A single result is described by what the seed's table names.
    bool always = results.size() == 1 && f < 3;
    if (!varies[f] && !always)
      continue;
    for (std::size_t i = 0; i < results.size(); ++i) {
      auto text = fields[f](results[i]);
      if (text.empty())
        continue;
      labels[i] += (labels[i].empty() ? "" : ", ") + text;
    }
  }
  for (auto& l : labels)
    if (l.empty())
      l = "fan-out";
  return labels;
}

std::vector<std::string> warnings_for(const fanout_result& r) {
  std::vector<std::string> out;
  if (r.partial())
    out.push_back("partial: " + std::to_string(r.samples_s.size()) + " of " + std::to_string(r.runs)
                  + " runs measured before the interruption");
  if (r.mismatches > 0)
    out.push_back(std::to_string(r.mismatches) + " mismatched replies: this result is not valid");
  auto odd = outliers(r.samples_s);
  if (!odd.empty()) {
    char buf[160];
    std::snprintf(buf, sizeof(buf),
                  "%zu of %zu runs are statistical outliers (modified Z-score > 3.5): other "
                  "load on the machine may have disturbed them",
                  odd.size(), r.samples_s.size());
    out.push_back(buf);
  }
  if (first_run_much_slower(r.samples_s))
    out.push_back(
      "the first measured run was much slower than the rest: "
      "consider more --warmup runs");
  return out;
}

} // namespace actorbench::bench
