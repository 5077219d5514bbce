#include "bench/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace actorbench::bench {

double median(std::vector<double> samples) {
  if (samples.empty())
    return 0;
  std::sort(samples.begin(), samples.end());
  auto n = samples.size();
  return n % 2 == 1 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
}

summary summarize(std::vector<double> samples) {
  summary s;
  s.count = samples.size();
  if (samples.empty())
    return s;
  auto [lo, hi] = std::minmax_element(samples.begin(), samples.end());
  s.min = *lo;
  s.max = *hi;
  s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / s.count;
  if (s.count > 1) {
    double squares = 0;
    for (double x : samples)
      squares += (x - s.mean) * (x - s.mean);
    s.stddev = std::sqrt(squares / (s.count - 1));
  }
  s.median = median(std::move(samples));
  return s;
}

} // namespace actorbench::bench
