#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "bench/error.hpp"
#include "bench/harness/ratio_interval.hpp"
#include "harness/noise_report.hpp"
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
  /// A change counts only when its whole interval is more than this
  /// percentage away from no change (criterion.rs's noise threshold): on
  /// these shared 2-core VMs two quiet runs of one command differ by a few
  /// percent, so a smaller change is not evidence of a change in the code.
  double noise_threshold_pct = 5;
  /// An inconclusive comparison (a side was noisy) fails like a regression.
  bool strict = false;
  /// The files' names, for labels and error messages.
  std::string old_name = "old";
  std::string new_name = "new";
};

/// What a comparison concludes.
enum class change_verdict {
  /// The interval reaches into the noise threshold: no change shown.
  within_noise,
  /// Worse, or better, beyond the noise threshold, neither side noisy.
  worse,
  better,
  /// A side's compared runs were flagged noisy (run_noise.hpp): no verdict.
  inconclusive,
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
  change_verdict verdict = change_verdict::within_noise;
  /// worse by more than --fail-above.
  bool regressed = false;
  /// The metric in words (metric_title: "time until every reply").
  std::string title;
};

/// A configuration found in both files (same parameter values).
struct matched_configuration {
  /// "1000 procs, crypto on": what varies among all configurations compared.
  std::string label;
  std::vector<metric_change> metrics;
  /// The rounds (from 0) in which a compared run of either side was flagged
  /// noisy; any makes every metric of the configuration inconclusive.
  std::vector<std::size_t> old_noisy_rounds;
  std::vector<std::size_t> new_noisy_rounds;
};

/// The comparison of two results files: plain data for the diff writer and
/// for the command's exit code.
struct results_diff {
  std::string scenario;
  std::string old_name;
  std::string new_name;
  std::optional<double> fail_above_pct;
  double noise_threshold_pct = 5;
  bool strict = false;
  /// Each file's noise evidence over all its runs (noise_report.hpp).
  run_noise_summary old_noise;
  run_noise_summary new_noise;
  /// Two files of one configuration each whose parameters differ are
  /// compared all the same: "procs 10000 → 20000"; else empty.
  std::string params_differ;
  std::vector<matched_configuration> matched;
  /// Labels of configurations in one file only: listed, never failed.
  std::vector<std::string> only_old;
  std::vector<std::string> only_new;

  /// Whether any matched metric regressed.
  bool regressed() const;
  /// Whether any matched metric is inconclusive.
  bool inconclusive() const;
};

/// Matches the configurations of `old` and `nu` on their parameter values
/// (parameters declared by both that apply; two single configurations
/// always) and compares the medians of the metric(s) `o` names. bad_input when the files hold different scenarios
/// ("'a.json' holds cipher results and 'b.json' fanout results") or the
/// metric is unknown.
result<results_diff> diff_results(const scenario_results& old, const scenario_results& nu,
                                  const diff_options& o);

/// Writes the diff: table ("1000 procs: 30.5 ms → 36.6 ms median, 1.20x
/// slower [1.15, 1.26], p = 0.001" a line, wrapped to style.width), markdown
/// (a table), csv (a row per metric and configuration) or json.
void write_results_diff(const results_diff& d, results_format format, const table_style& style,
                        std::ostream& out);

/// Each matched metric's line as the table diff prints it, unwrapped: the
/// configuration, the metric in words when several are compared, both
/// medians, the ratio with its interval and the verdict in words.
std::vector<std::string> diff_change_lines(const results_diff& d);

} // namespace actorbench::bench
