#pragma once

#include <string>
#include <vector>

#include "bench/fanout_benchmark.hpp"
#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

/// Fewer samples than this make a Mann-Whitney U p-value unreliable.
inline constexpr std::size_t min_samples_for_u_test = 9;

/// One result measured against the reference result.
struct relative_speed {
  ratio speed;
  /// Two-sided Mann-Whitney U p-value of the two sample sets.
  double p_value = 1;
  /// Either side has fewer than min_samples_for_u_test samples.
  bool few_samples = false;
};

/// Compares `result` with `reference` by their seconds per run.
relative_speed compare_to(const fanout_result& result, const fanout_result& reference);

/// A short name per result naming only what differs between them, e.g.
/// "100000 procs, crypto on" when procs and crypto were scanned.
std::vector<std::string> result_labels(const std::vector<fanout_result>& results);

/// Things a reader should know before trusting a result: outliers, a slow
/// first run, mismatches. Each is one sentence.
std::vector<std::string> warnings_for(const fanout_result& result);

} // namespace actorbench::bench
