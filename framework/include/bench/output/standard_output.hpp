#pragma once

#include "bench/error.hpp"

namespace actorbench::bench {

/// Points std::cout at standard output through a stream buffer that keeps
/// the reason of a failed write (see fd_streambuf), line-buffered on a
/// terminal. Standard input, output or error that the caller closed (`>&-`)
/// is opened on /dev/null first, so that no file or socket opened later
/// takes its number and receives the results; a closed standard output
/// still fails every write, with EBADF. SIGPIPE is ignored, so that output
/// into a pipe whose reader has gone (`| head -c 10`) fails with EPIPE and is
/// reported like any other failed write ("Broken pipe", exit 1) instead of
/// killing the process without a word; the remote scenarios ignore it too.
/// Call once, first thing in main.
void take_standard_output();

/// Writes what std::cout holds; runtime_failure "cannot write to standard
/// output: REASON" if that or any earlier write to it failed (a full disk,
/// /dev/full, a closed standard output).
result<void> flush_standard_output();

} // namespace actorbench::bench
