#pragma once

#include <string>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// A capacity search drawn as an inline <svg>: every probe at its value (log
/// scale) on the line of keeping up (1) or failing (0), disturbed ones
/// hollow, the fitted curve of keeping up, the target share and the
/// interval. Empty without probes.
std::string search_svg(const search_result& s);

} // namespace actorbench::bench
