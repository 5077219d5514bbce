#pragma once

#include <vector>

namespace actorbench::bench {

/// A ratio of two medians with its interval: new / old (or result /
/// reference), from the Hodges-Lehmann shift of ln(values) and the 95%
/// interval of the pairwise differences' order statistics, consistent with
/// the Mann-Whitney U test. With fewer than 2 values on a side the interval
/// is the point estimate and `estimated_only` is set.
struct ratio_interval {
  double ratio = 1;
  double low = 1;
  double high = 1;
  /// Mann-Whitney U p-value; 1 when not computable.
  double p_value = 1;
  bool estimated_only = false;
};

/// `candidate` relative to `baseline`, missing values left out. With a value
/// that is not positive, ln has no shift to estimate: the ratio is that of
/// the medians and the interval [0, inf], which excludes nothing.
ratio_interval relative_to(const std::vector<double>& candidate,
                           const std::vector<double>& baseline);

} // namespace actorbench::bench
