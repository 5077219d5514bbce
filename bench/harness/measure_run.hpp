#pragma once

#include <chrono>
#include <functional>

#include "bench/common/error.hpp"
#include "bench/harness/results.hpp"
#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// Runs `session` once for `ctx` and measures around it, outside the
/// scenario's own timing: wall time, the process's CPU time (unless the
/// record brings its own), start and peak RSS (the peak mark reset first),
/// the one-minute load before and after. `origin` is the first run's start.
/// `release_memory`, when set, runs after the session's before_run and
/// before the timing. The scenario's error is returned as is.
result<run_result> measure_run(scenario_session& session, run_context& ctx,
                               std::chrono::steady_clock::time_point origin,
                               const std::function<void()>& release_memory = {});

} // namespace actorbench::bench
