#pragma once

#include <string>
#include <vector>

#include "bench/harness/configuration.hpp"
#include "bench/harness/declaration.hpp"
#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// What --dry-run prints: how many runs in how many rounds, the estimate
/// of their time (estimate_text), the configurations (what varies, what is
/// constant).
std::string plan_text(const declaration& d, const std::vector<configuration>& plan,
                      const harness_settings& settings);

/// The checks that are not 0, as one line: "3 wrong_plaintext in 1000
/// procs, 1 missing_ids in 10000 procs"; empty when every check is 0.
std::string failed_checks(const scenario_results& r);

} // namespace actorbench::bench
