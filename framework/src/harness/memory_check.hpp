#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "bench/error.hpp"
#include "bench/harness/memory_budget.hpp"
#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// Refuses a configuration whose scenario::memory estimate does not fit
/// `budget`, naming the estimate's option and value; true when it fits or
/// the scenario gives no estimate.
result<void> check_memory(const scenario& s, const configuration& c, const memory_budget& budget);

/// check_memory for every configuration of `plan`, against the machine's
/// available memory lowered to `cap_bytes` (--max-memory): what a run
/// refuses before any work, and --dry-run too.
result<void> check_plan_memory(const scenario& s, const std::vector<configuration>& plan,
                               std::optional<std::uint64_t> cap_bytes);

} // namespace actorbench::bench
