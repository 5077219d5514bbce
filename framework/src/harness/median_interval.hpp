#pragma once

#include <cstddef>
#include <vector>

namespace actorbench::bench {

/// The median of a series and its distribution-free 95% confidence interval.
struct median_interval {
  double median = 0;
  /// The order statistics x(k) and x(n + 1 - k) bounding it.
  double low = 0;
  double high = 0;
  /// Values used (missing ones are left out).
  std::size_t count = 0;
  /// The interval covers the median with at least 95%; false below six
  /// values, where even [min, max] covers it less often (then low and high
  /// are min and max).
  bool covered = false;
};

/// The median's 95% interval from order statistics: the largest k with
/// P(B < k) <= 0.025 for B ~ binomial(n, 1/2) gives [x(k), x(n + 1 - k)]
/// (the sign test's interval), whatever the distribution. Missing values
/// (statistics.hpp) are left out; all zero for none.
median_interval interval_of_median(std::vector<double> samples);

/// The interval's larger distance from the median over the median:
/// 0.02 when it lies within ±2%; infinite when not covered or the median is 0.
double relative_half_width(const median_interval& i);

} // namespace actorbench::bench
