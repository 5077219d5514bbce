#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "bench/error.hpp"
#include "bench/harness/results.hpp"
#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// Progress of a whole invocation, for the bar: runs done and the estimated
/// seconds left (by each configuration's measured cost, or its cost_hint).
struct progress_report {
  std::size_t done = 0;
  std::size_t total = 0;
  double seconds_left = 0;
};

/// What the runner tells the command while it runs; any may be empty.
struct runner_callbacks {
  std::function<void(const progress_report&)> progress;
  std::function<void(const std::string&)> note;
  /// Times one host noise probe per CPU of the record, in place of
  /// noise_probe on each CPU (tests: a host disturbed on cue).
  std::function<noise_sample(noise_record&)> noise_probe;
};

/// Expands a scenario's parameter texts (kebab-case name -> text as typed,
/// e.g. {"procs", "1000..100000x10"}; absent names take their default) into
/// every combination, the last parameter varying fastest, n/a parameters
/// collapsed, then scenario::refine. Bad text is bad_input naming the
/// option: "invalid --procs '0': expected 1..100000000 or a list of them".
result<std::vector<configuration>> make_plan(const scenario& s, const by_name<std::string>& texts);

/// Runs a plan: memory check, start, warm-up rounds, then interleaved
/// measured rounds (--shuffle within each), --min-time, the search if the
/// declaration has one and it is on. A stop (the flag, or the time limit)
/// finishes the run in progress and returns what was measured, with
/// `stopped` set. Results carry everything but tool, created, command_line
/// and machine, which the command fills in.
result<scenario_results> run_plan(const scenario& s, std::vector<configuration> plan,
                                  const harness_settings& settings, const std::atomic<bool>& stop,
                                  const runner_callbacks& callbacks = {});

} // namespace actorbench::bench
