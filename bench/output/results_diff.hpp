#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "bench/common/error.hpp"
#include "bench/harness/derived.hpp"
#include "bench/harness/results.hpp"
#include "bench/output/results_writer.hpp"
#include "bench/output/view.hpp"

namespace actorbench::bench {

/// What diff_results compares and when it calls a change a regression.
struct diff_options {
  /// The metric compared; empty: the headline.
  std::string metric;
  /// Every metric instead of one.
  bool all_metrics = false;
  /// A regression: worse in the metric's better direction by more than this
  /// percentage (new / old above 1 + pct / 100 for lower-is-better, below
  /// 1 - pct / 100 for higher-is-better), with the interval excluding 1.
  /// Unset: nothing is a regression.
  std::optional<double> fail_above_pct;
  /// The files' names, for labels and error messages.
  std::string old_name = "old";
  std::string new_name = "new";
};

/// One metric of one configuration in both files.
struct metric_change {
  std::string metric;
  /// The metric's base unit and direction.
  std::string unit;
  better direction = better::lower;
  double old_median = 0;
  double new_median = 0;
  std::size_t old_runs = 0;
  std::size_t new_runs = 0;
  /// new relative to old; estimated_only with fewer than 2 runs a side, when
  /// the point estimate alone decides `regressed`.
  ratio_interval change;
  bool regressed = false;
};

/// A configuration found in both files (same parameter values).
struct matched_configuration {
  /// "1000 procs, crypto on": what varies among all configurations compared.
  std::string label;
  std::vector<metric_change> metrics;
};

/// The comparison of two results files: plain data for the diff writer and
/// for the command's exit code.
struct results_diff {
  std::string scenario;
  std::string old_name;
  std::string new_name;
  std::optional<double> fail_above_pct;
  std::vector<matched_configuration> matched;
  /// Labels of configurations in one file only: listed, never failed.
  std::vector<std::string> only_old;
  std::vector<std::string> only_new;

  /// Whether any matched metric regressed.
  bool regressed() const;
};

/// Matches the configurations of `old` and `nu` on their parameter values
/// (parameters declared by both that apply) and compares the medians of the
/// metric(s) `o` names. bad_input when the files hold different scenarios
/// ("'a.json' holds cipher results and 'b.json' fanout results") or the
/// metric is unknown.
result<results_diff> diff_results(const scenario_results& old, const scenario_results& nu,
                                  const diff_options& o);

/// Writes the diff: table ("1000 procs: 30.5 ms → 36.6 ms median, 1.20x
/// slower [1.15, 1.26], p = 0.001" a line, wrapped to style.width), markdown
/// (a table), csv (a row per metric and configuration) or json.
void write_results_diff(const results_diff& d, results_format format, const table_style& style,
                        std::ostream& out);

} // namespace actorbench::bench
