#include "bench/harness/memory_check.hpp"

namespace actorbench::bench {

result<bool> check_memory(const scenario& s, const configuration& c, const memory_budget& budget) {
  auto estimate = s.memory(c);
  if (!estimate)
    return true;
  auto value = c.values.find(estimate->param);
  auto value_text =
    value != c.values.end() ? to_text(value->second) : std::to_string(estimate->count);
  return check_memory_estimate(budget, "--" + estimate->param, value_text, estimate->count,
                               estimate->items, estimate->per, estimate->bytes_per_item);
}

} // namespace actorbench::bench
