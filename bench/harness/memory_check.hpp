#pragma once

#include "bench/common/error.hpp"
#include "bench/harness/memory_budget.hpp"
#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// Refuses a configuration whose scenario::memory estimate does not fit
/// `budget`, naming the estimate's option and value; true when it fits or
/// the scenario gives no estimate.
result<bool> check_memory(const scenario& s, const configuration& c, const memory_budget& budget);

} // namespace actorbench::bench
