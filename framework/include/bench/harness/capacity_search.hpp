#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "bench/harness/capacity_fit.hpp"

namespace actorbench::bench {

/// What a capacity search looks for and how long it may go on.
struct capacity_search_options {
  /// The target probability, the interval's level and the fit's prior.
  capacity_fit_options fit{};
  /// It stops once the interval's half-width is within this fraction of
  /// the estimate (0.05: the interval spans at most ±5%).
  double precision = 0.05;
  /// The interval also holds what a fit allowing slopes up to this keeps
  /// (capacity_fit_options::max_slope): a system that falls from keeping up
  /// to failing within a fraction of a percent of load.
  double sharp_slope = 400;
  /// It stops, resolved, only with at least this many counted probes
  /// within the precision of the interval: a handful of probes that happen
  /// to look like a sharp step must not end a search.
  std::size_t min_probes_near = 10;
  /// It stops, unresolved, after this many probes.
  std::size_t max_probes = 40;
  /// The first load probed, and the loads it may probe.
  double start = 1000;
  double min_load = 1;
  double max_load = 1e9;
  /// Probe whole loads only (players, connections).
  bool whole_loads = true;
};

/// Why a search ended.
enum class capacity_stop {
  /// Not yet.
  searching,
  /// The interval is within the precision: a resolved answer.
  precise,
  /// The capacity lies at or above max_load: a resolved "at least".
  at_max_load,
  /// Even min_load does not keep up: a resolved "below".
  below_min_load,
  /// Out of probes: unresolved, with the interval it has.
  probe_budget,
  /// The caller halted it (time limit, signal): unresolved.
  halted,
};

/// One probe as the search saw it: disturbed probes do not count in the fit.
struct capacity_probe {
  double load = 0;
  bool keeps_up = false;
  bool disturbed = false;
};

/// Where a search stands: the fit to every counted probe and why it ended.
struct capacity_estimate {
  capacity_fit fit;
  capacity_stop why = capacity_stop::searching;
  std::size_t probes = 0;
  std::size_t disturbed = 0;
  /// Among the counted probes: the largest load that kept up and the
  /// smallest that failed (0: none).
  double largest_pass = 0;
  double smallest_fail = 0;

  bool resolved() const {
    return why == capacity_stop::precise || why == capacity_stop::at_max_load
           || why == capacity_stop::below_min_load;
  }
};

/// A sequential search for the largest load that keeps up with probability
/// options.fit.keep_up, from every probe: doubling from the start while
/// every counted probe kept up (halving while every one failed), then each
/// probe where it informs the crossing most, at the fitted capacity and,
/// while the interval is wide, at its ends. Disturbed probes are recorded
/// but do not count: the search probes again. Knows nothing of what a load
/// is; the caller runs each probe.
class capacity_search {
 public:
  explicit capacity_search(capacity_search_options options) : options_(options) {}

  /// The load to probe next, or nothing when the search has ended
  /// (estimate().why says why).
  std::optional<double> next();
  void add(const capacity_probe& probe);
  /// Ends the search where it stands (the caller ran out of time).
  void halt();

  const capacity_estimate& estimate() const { return estimate_; }
  const std::vector<capacity_probe>& probes() const { return probes_; }
  const capacity_search_options& options() const { return options_; }
  /// Probes the budget still allows.
  std::size_t probes_left() const;

 private:
  /// The grid of loads probed, in log-load, and a load rounded onto it.
  double grid_step() const;
  double on_grid(double load, double (*rounding)(double)) const;
  /// The load on the grid nearest to `load`, within the range.
  double within_range(double load) const;
  std::optional<double> end(capacity_stop why);
  /// Counted probes with loads in [low, high].
  std::size_t probes_near(double low, double high) const;
  /// Fits the counted probes once they hold a pass and a failure.
  void refit();
  /// The next load once the counted probes hold a pass and a failure.
  std::optional<double> from_fit();

  capacity_search_options options_;
  std::vector<capacity_probe> probes_;
  capacity_estimate estimate_;
  /// Turns through the fitted capacity and the interval's ends.
  std::size_t turn_ = 0;
  /// The largest load a disturbed probe kept up at: the doubling goes on from it.
  double largest_disturbed_pass_ = 0;
  /// Where the fit allowing sharper slopes crosses the target.
  double sharp_capacity_ = 0;
};

/// The whole search, `probe` running each: it returns the outcome at a
/// load, or nothing to halt the search.
capacity_estimate find_capacity(const capacity_search_options& options,
                                const std::function<std::optional<capacity_probe>(double)>& probe);

} // namespace actorbench::bench
