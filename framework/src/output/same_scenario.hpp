#pragma once

#include <string>

#include "bench/error.hpp"
#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// bad_input unless both files hold results of one scenario:
/// "'a.json' holds cipher results and 'b.json' fanout results".
result<void> check_same_scenario(const std::string& a_name, const scenario_results& a,
                                 const std::string& b_name, const scenario_results& b);

} // namespace actorbench::bench
