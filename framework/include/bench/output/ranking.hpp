#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "bench/harness/ratio_interval.hpp"
#include "bench/harness/results.hpp"
#include "bench/output/view.hpp"

namespace actorbench::bench {

/// One configuration's place in a ranking.
struct ranked_entry {
  /// Index into scenario_results::configurations.
  std::size_t position = 0;
  /// Its median of the ranked metric.
  double median = 0;
  /// Its metric relative to the best of the group (ratio 1 for the best).
  ratio_interval vs_best;
};

/// Configurations equal in everything but one parameter, best first.
struct ranking_group {
  /// Index of the group's first configuration, for its label.
  std::size_t first = 0;
  std::vector<ranked_entry> entries;
};

/// Groups the configurations that differ only in `param` (and come from the
/// same source file) and ranks every group of two or more by the median of
/// metric `m`: the best median first (lower or higher as the metric says),
/// the others compared with it by the harness's ratio interval and U test
/// and listed in the order of that ratio.
/// Configurations without runs of `m` are left out.
std::vector<ranking_group> rank_across(const scenario_results& r, const std::string& param,
                                       const metric_decl& m);

/// How a ranking is printed.
struct ranking_labels {
  /// The heading's subject, e.g. "back-ends by median time per decrypt".
  std::string subject;
  /// A group's label, e.g. "aes-256-gcm/per-actor/12".
  std::function<std::string(const configuration_result&)> group;
  /// An entry's label; unset: the ranked parameter's value, "*" when partial.
  std::function<std::string(const configuration_result&)> entry;
  /// The best entry's value, e.g. "148.6 ns".
  std::function<std::string(double median)> value;
};

/// Writes `groups` as "ranking of SUBJECT" and per group its entries: the
/// best with its median, each other "2.67x slower [2.62, 2.73], p = 0.245".
/// Nothing when `groups` is empty.
void write_ranking(const scenario_results& r, const std::vector<ranking_group>& groups,
                   const metric_decl& m, const ranking_labels& labels, const table_style& style,
                   std::ostream& out);

/// rank_across and write_ranking in one, by the name of a metric of
/// r.scenario (nothing when it has none by that name).
void write_ranking_by(const scenario_results& r, const std::string& param,
                      const std::string& metric, ranking_labels labels, const table_style& style,
                      std::ostream& out);

} // namespace actorbench::bench
