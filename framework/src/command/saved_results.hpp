#pragma once

#include <string>

#include "bench/error.hpp"
#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// Reads a results file written with --format json (read_results); bad_input
/// "cannot read 'F': REASON", or "'F' is larger than 256 MiB: not an
/// actorbench result file" for an endless input such as /dev/zero.
result<scenario_results> read_results_file(const std::string& path);

} // namespace actorbench::bench
