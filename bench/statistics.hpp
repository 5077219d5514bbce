#pragma once

#include <cstddef>
#include <vector>

namespace actorbench::bench {

/// Aggregates of one series of samples.
struct summary {
  std::size_t count = 0;
  double mean = 0;
  double median = 0;
  double min = 0;
  double max = 0;
  /// Sample standard deviation (n - 1 in the denominator); 0 for one sample.
  double stddev = 0;
};

/// Summarises `samples`; all fields are 0 for an empty series.
summary summarize(std::vector<double> samples);

/// The median of `samples` (mean of the middle two for an even count).
double median(std::vector<double> samples);

} // namespace actorbench::bench
