#pragma once

#include <string>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// Where, when and how `context` was measured, as an HTML section headed
/// `label` (a file's name): the machine, its libraries and load, the
/// command line, the date, the tool's version and commit, and with
/// `with_probe` the host probe's footer and warning (noise_report.hpp).
/// All text escaped.
std::string source_html(const std::string& label, const scenario_results& context,
                        bool with_probe);

} // namespace actorbench::bench
