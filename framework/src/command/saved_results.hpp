#pragma once

#include <string>

#include "bench/error.hpp"
#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// Reads a results file written with --format json (read_results), a
/// regular file only (read_input_file): bad_input "cannot read 'F': REASON"
/// for one that cannot be opened or read, is no regular file (a FIFO, a
/// device) or is larger than 256 MiB; runtime_failure "cannot read 'F': out
/// of memory" when it does not fit in memory.
result<scenario_results> read_results_file(const std::string& path);

} // namespace actorbench::bench
