#pragma once

#include <chrono>
#include <cstdint>

#include "bench/error.hpp"
#include "bench/harness/results.hpp"
#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// What measure_run does around the run besides timing it.
struct measure_options {
  /// Turn callgrind's instrumentation on for the run alone (--measure
  /// instructions, in the child valgrind runs; a no-op outside valgrind).
  bool instrument = false;
  /// Busy work added inside the run per work unit it reports, about 5
  /// instructions each: a known extra cost for testing that a comparison
  /// catches it. 0 in real use.
  std::uint64_t extra_work_per_unit = 0;
};

/// Runs `session` once for `ctx` and measures around it, outside the
/// scenario's own timing: wall time, the process's CPU time (unless the
/// record brings its own), the CPUs' steal and the process's involuntary
/// switches (run_noise.hpp), start and peak RSS (the peak mark reset first),
/// the one-minute load before and after. `origin` is the first run's start.
/// The scenario's error is returned as is.
result<run_result> measure_run(scenario_session& session, run_context& ctx,
                               std::chrono::steady_clock::time_point origin,
                               const measure_options& options = {});

} // namespace actorbench::bench
