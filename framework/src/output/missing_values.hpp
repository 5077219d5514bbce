#pragma once

#include <string>
#include <vector>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// What a saved result leaves unmeasured: one line per configuration and
/// metric (and part) with missing values (null in the file, a value that is
/// not finite in memory), which every statistic leaves out:
/// "'a.json' configuration 1 (1000 procs): replies_s has 1 missing value of 3,
/// left out of the statistics". Empty when nothing is missing.
std::vector<std::string> missing_value_notes(const scenario_results& r, const std::string& file);

} // namespace actorbench::bench
