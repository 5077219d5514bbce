#pragma once

#include <chrono>

#include "bench/common/error.hpp"
#include "bench/harness/results.hpp"
#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// Runs `session` once for `ctx` and measures around it, outside the
/// scenario's own timing: wall time, the process's CPU time (unless the
/// record brings its own), the CPUs' steal and the process's involuntary
/// switches (run_noise.hpp), start and peak RSS (the peak mark reset first),
/// the one-minute load before and after. `origin` is the first run's start.
/// The scenario's error is returned as is.
result<run_result> measure_run(scenario_session& session, run_context& ctx,
                               std::chrono::steady_clock::time_point origin);

} // namespace actorbench::bench
