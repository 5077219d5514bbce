#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <vector>

#include "bench/harness/memory_budget.hpp"
#include "harness/progress_estimate.hpp"
#include "bench/harness/runner.hpp"
#include "harness/stop_watcher.hpp"

namespace actorbench::bench {

class harness_context;

/// The runner's state across the phases of one invocation (rounds,
/// --min-time, search): runs one configuration at a time, keeps its
/// measured runs in the results, reports progress and notices a stop.
class run_loop {
 public:
  /// `planned_runs`: the runs (warm-ups included) each configuration of
  /// the results is planned for, for the progress bar; `measured_runs`:
  /// those of them measured, for run_context::planned_runs.
  run_loop(scenario_session& session, std::size_t planned_runs, std::size_t measured_runs,
           const runner_callbacks& callbacks, stop_watcher& stop, const memory_budget& budget,
           scenario_results& results);

  /// One run of results.configurations[config]; kept unless a warm-up.
  result<void> run_one(std::size_t config, bool warmup, std::size_t round, bool probing = false);

  /// Whether to end after the run in progress; sets results.stopped.
  bool stopped();

  /// Appends a configuration to the results (a search probe); its index.
  std::size_t add_configuration(configuration c, std::size_t planned_runs);

  /// Runs still planned for `config` from now on (progress only).
  void plan_more(std::size_t config, std::size_t runs);

  /// Measured runs of a configuration and their wall total.
  std::size_t measured_runs(std::size_t config) const;
  double measured_wall_s(std::size_t config) const;
  /// The expected wall time of one more run of `config`.
  double cost(std::size_t config) const { return estimate_.cost(config); }

  scenario_session& session() { return session_; }
  const memory_budget& budget() const { return budget_; }
  scenario_results& results() { return results_; }

 private:
  void report(double fraction_of_current, std::size_t current) const;
  /// One run made by a child process (--isolate process).
  result<run_result> measure_in_child(std::size_t config, const harness_context& ctx);

  scenario_session& session_;
  const runner_callbacks& callbacks_;
  stop_watcher& stop_;
  const memory_budget& budget_;
  scenario_results& results_;
  progress_estimate estimate_;
  std::vector<std::size_t> planned_;
  std::size_t measured_runs_;
  std::vector<std::size_t> taken_;
  std::vector<std::size_t> warmups_taken_;
  std::optional<std::chrono::steady_clock::time_point> origin_;
};

} // namespace actorbench::bench
