#pragma once

// Private to bench/output: what the generic plot shows, before any gnuplot.

#include <string>
#include <vector>

#include "bench/error.hpp"
#include "bench/harness/results.hpp"
#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

/// The generic plot's shape, from what varies among the configurations.
enum class plot_shape {
  /// A numeric parameter other than threads: the median against it.
  scan,
  /// Threads: the speed-up over the fewest threads.
  speedup,
  /// Nothing numeric: one bar per configuration.
  bars,
};

/// One plotted configuration: its x value (the index of its bar for bars)
/// and its headline summary.
struct plot_point {
  double x = 0;
  summary s;
};

/// Configurations sharing every value but the x parameter's: one line,
/// sorted along x. For bars, the one series of every configuration.
struct plot_series {
  std::string title;
  std::vector<plot_point> points;
};

/// The series and axes of the generic plot of the headline metric.
struct plot_data {
  plot_shape shape = plot_shape::bars;
  const declaration* scenario = nullptr;
  /// The parameter along x; null for bars.
  const param_decl* x = nullptr;
  std::vector<plot_series> series;
  /// Bars: each configuration's label, in the order of the points.
  std::vector<std::string> bar_labels;
  /// Scan: x grows geometrically, and y too spans a factor of 10 or more.
  bool log_x = false;
  bool log_y = false;
};

/// What the generic plot of `r` shows (results_plot.hpp describes the
/// shapes); bad_input when no configuration measured the headline. The
/// result points into `r`.
result<plot_data> plot_data_of(const scenario_results& r);

} // namespace actorbench::bench
