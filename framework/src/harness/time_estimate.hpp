#pragma once

#include <cstddef>
#include <limits>
#include <vector>

#include "bench/harness/configuration.hpp"
#include "bench/harness/declaration.hpp"
#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// How long a plan's runs will take, as far as the declaration says before
/// any run (param_decl::run_time, --min-time, --precision, --time-limit, a
/// search's bounds), and what it comes from. A side nothing bounds stays
/// unknown: 0 below, infinity above.
struct time_estimate {
  double at_least_s = 0;
  double at_most_s = std::numeric_limits<double>::infinity();
  /// Runs planned, warm-ups included; for a search the most probes it can take.
  std::size_t runs = 0;
  bool search = false;
  /// The parameter that says how long a run takes and its shortest and
  /// longest value in the plan; null when the plan sets none.
  const param_decl* per_run = nullptr;
  double per_run_min_s = 0;
  double per_run_max_s = 0;
  /// Configurations whose runs take a time nothing declares.
  std::size_t unknown_configurations = 0;
  /// The bound above is --time-limit's.
  bool time_limited = false;
};

/// The estimate for running `plan` with `settings`; the start-up of the
/// scenario's session and the host probes come on top.
time_estimate estimate_time(const declaration& d, const std::vector<configuration>& plan,
                            const harness_settings& settings);

/// The runs (warm-ups included) each configuration of the rounds is planned
/// for, as the progress bar counts them: in-process warm-ups plus measured
/// runs; with --isolate process a measured run's child makes its warm-ups
/// inside that run.
std::size_t planned_runs(const harness_settings& settings);

} // namespace actorbench::bench
