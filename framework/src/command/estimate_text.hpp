#pragma once

#include <string>

#include "harness/time_estimate.hpp"

namespace actorbench::bench {

/// --dry-run's estimate as one line, its bounds in words and what they come
/// from: "estimate: about 4.40 s of runs (22 runs of 200 ms, --time)",
/// "estimate: at most 11 min of runs (11 runs of at most 60.0 s, --timeout)",
/// "estimate: at least 6.00 s of runs (...)", "estimate: between ... and ...",
/// or "estimate: unknown (...)" when nothing bounds it.
std::string estimate_text(const time_estimate& e, const harness_settings& settings);

/// Seconds in words: "50.0 ms", "4.40 s", "11 min", "2.5 h", "3.1 days".
std::string duration_text(double seconds);

} // namespace actorbench::bench
