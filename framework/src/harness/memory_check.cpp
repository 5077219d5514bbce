#include "harness/memory_check.hpp"

namespace actorbench::bench {

result<void> check_memory(const scenario& s, const configuration& c, const memory_budget& budget) {
  auto estimate = s.memory(c);
  if (!estimate)
    return {};
  auto value = c.values.find(estimate->param);
  auto value_text =
    value != c.values.end() ? to_text(value->second) : std::to_string(estimate->count);
  return check_memory_estimate(budget, "--" + estimate->param, value_text, estimate->count,
                               estimate->items, estimate->per, estimate->bytes_per_item);
}

result<void> check_plan_memory(const scenario& s, const std::vector<configuration>& plan,
                               std::optional<std::uint64_t> cap_bytes) {
  auto budget = machine_budget(cap_bytes);
  for (const auto& c : plan)
    if (auto fits = check_memory(s, c, budget); !fits)
      return fits;
  return {};
}

} // namespace actorbench::bench
