#pragma once

#include <string>
#include <vector>

#include "bench/harness/results.hpp"
#include "bench/output/column_labels.hpp"
#include "bench/output/view.hpp"

namespace actorbench::bench {

/// One row of the generic table: a statistic of one metric (or a check),
/// one cell per configuration.
struct grid_row {
  /// The metric or "checks (must be 0)" the row belongs to; empty for "runs".
  std::string section;
  /// "median (µs)", "CV", "mismatches".
  std::string label;
  std::vector<std::string> cells;
};

/// The generic table before layout: the columns' labels and the rows.
struct results_grid {
  column_labels columns;
  std::vector<grid_row> rows;
};

/// The metrics of `d` in table order: the headline first, then the others
/// as declared with the phases gathered where the first phase stands.
std::vector<const metric_decl*> table_order(const declaration& d);

/// Runs, then per metric (table_order) median, mean, min, max, std dev, CV
/// and the 99.9% CI half-width, each metric's block in one unit chosen over
/// its medians, means, minima and maxima (style.time_unit forces times), spread "n/a" under 2 runs; then the
/// checks' totals. Metrics no configuration measured are left out.
results_grid make_results_grid(const scenario_results& r, const table_style& style);

} // namespace actorbench::bench
