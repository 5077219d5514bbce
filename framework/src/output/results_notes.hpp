#pragma once

#include <string>
#include <vector>

#include "bench/harness/results.hpp"
#include "bench/output/column_labels.hpp"

namespace actorbench::bench {

/// Each configuration relative to harness.reference on the headline metric:
/// a heading, then "1000 procs, crypto on: 1.20x slower [1.15, 1.26],
/// p = 0.001" per configuration, "(unreliable)" and a footnote when a side
/// has fewer than 9 runs for the U test. Empty with one configuration or an
/// unmeasured reference.
std::vector<std::string> comparison_notes(const scenario_results& r, const column_labels& labels);

/// What makes the numbers doubtful: outlier runs and a much slower first run
/// (of the headline), partial configurations, an early stop, invalid
/// results where a check is nonzero, and instructions counted with more than
/// one thread (they vary between commands).
std::vector<std::string> warning_notes(const scenario_results& r, const column_labels& labels);

/// What --precision achieved: "precision: every median ... within ±2.0%
/// (95% interval) after 6 to 14 runs", or a warning per configuration whose
/// median's interval is still wider and why (stopped by the time limit, or
/// the most runs reached). Empty when --precision was off.
std::vector<std::string> precision_notes(const scenario_results& r, const column_labels& labels);

} // namespace actorbench::bench
