#include "bench/scenarios/fanout/fanout_verdict.hpp"

#include <variant>

#include "bench/harness/ratio_interval.hpp"
#include "bench/harness/run_values.hpp"
#include "bench/output/verdict.hpp"

namespace actorbench::bench {

namespace {

// The same configuration but for crypto and what applies only with it.
bool same_but_crypto(const configuration& a, const configuration& b) {
  for (const auto& [name, value] : a.values) {
    if (name == "crypto" || !a.applies(name) || !b.applies(name))
      continue;
    auto other = b.values.find(name);
    if (other == b.values.end() || other->second != value)
      return false;
  }
  return true;
}

// Saved results may lack a value: 0 and "" then, never a throw.
std::int64_t procs_of(const configuration_result& c) {
  auto at = c.config.values.find(std::string_view{"procs"});
  const auto* n = at == c.config.values.end() ? nullptr : std::get_if<std::int64_t>(&at->second);
  return n == nullptr ? 0 : *n;
}

std::string crypto_of(const configuration_result& c) {
  auto at = c.config.values.find(std::string_view{"crypto"});
  return at == c.config.values.end() ? std::string{} : to_text(at->second);
}

} // namespace

std::string fanout_verdict(const scenario_results& r) {
  const auto& m = r.scenario.headline();
  const configuration_result* largest = nullptr;
  for (const auto& c : r.configurations)
    if (!per_run_values(c, m).empty()
        && (largest == nullptr || procs_of(c) > procs_of(*largest)
            || (procs_of(c) == procs_of(*largest) && crypto_of(c) == "off"
                && crypto_of(*largest) != "off")))
      largest = &c;
  if (largest == nullptr)
    return "no runs measured";
  auto values = per_run_values(*largest, m);
  auto text = grouped(static_cast<double>(procs_of(*largest))) + " actors in "
              + median_with_interval(values, m.unit);
  if (crypto_of(*largest) == "on")
    return text + " with crypto on";
  for (const auto& c : r.configurations)
    if (crypto_of(c) == "on" && crypto_of(*largest) == "off"
        && same_but_crypto(largest->config, c.config)) {
      auto on = per_run_values(c, m);
      if (!on.empty())
        return text + "; crypto adds " + change_with_interval(relative_to(on, values));
    }
  return text;
}

} // namespace actorbench::bench
