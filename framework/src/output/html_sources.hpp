#pragma once

#include <string>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// Where, when and how `source` was measured, as an HTML section headed by
/// its file's name: the machine, its libraries and load, the command line,
/// the date, the tool's version and commit, and the host probe's footer and
/// warning when it has them (noise_report.hpp). All text escaped.
std::string source_html(const results_source& source);

/// The results' own context as a source named `label` (one run or file).
results_source source_of(const scenario_results& r, std::string label);

} // namespace actorbench::bench
