#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <string>

#include "bench/harness/configuration.hpp"
#include "bench/harness/memory_budget.hpp"

namespace actorbench::bench {

/// What a scenario's run sees of the harness. The runner implements it;
/// tests can implement it too.
class run_context {
 public:
  virtual ~run_context() = default;

  /// The configuration this run measures.
  virtual const configuration& config() const = 0;
  /// A warm-up run: measured the same way, then discarded.
  virtual bool warmup() const = 0;
  /// 0-based index of this run within its configuration (warm-ups counted apart).
  virtual std::size_t run_index() const = 0;
  /// Measured runs planned for this configuration (--runs), so a scenario
  /// can split a fixed total over them (rpc's --requests over its rounds);
  /// 0 when unknown. --min-time may add runs beyond it.
  virtual std::size_t planned_runs() const { return 0; }
  /// A search probe (declaration::search): the run may end as soon as it
  /// knows it does not keep up.
  virtual bool probing() const = 0;
  /// Becomes true on SIGINT/SIGTERM or when the time limit passes: end the
  /// run soon and mark it partial.
  virtual const std::atomic<bool>& stop() const = 0;
  /// When the command's --time-limit ends; time_point::max() without one.
  virtual std::chrono::steady_clock::time_point deadline() const = 0;
  virtual const memory_budget& memory() const = 0;
  /// How far this run is (0..1), for the progress bar of long runs.
  virtual void progress(double fraction_of_run) const = 0;
  /// A line for the user (on stderr, after the progress bar clears its
  /// line; dropped by --quiet).
  virtual void note(const std::string& line) const = 0;
};

} // namespace actorbench::bench
