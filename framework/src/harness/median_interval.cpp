#include "harness/median_interval.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

namespace {

/// The largest k >= 1 with P(B < k) <= 0.025, B ~ binomial(n, 1/2); 0 when
/// even P(B < 1) = 2^-n is above it (n < 6).
std::size_t lower_rank(std::size_t n) {
  // Terms in logs: 2^-n underflows past n = 1074.
  const double log_half_n = -static_cast<double>(n) * std::log(2.0);
  double below = 0; // P(B < k)
  std::size_t k = 0;
  for (std::size_t j = 0; j <= n / 2; ++j) {
    double log_choose = std::lgamma(n + 1.0) - std::lgamma(j + 1.0) - std::lgamma(n - j + 1.0);
    below += std::exp(log_choose + log_half_n); // now P(B < j + 1)
    if (below > 0.025)
      break;
    k = j + 1;
  }
  return k;
}

} // namespace

median_interval interval_of_median(std::vector<double> samples) {
  auto values = values_only(samples);
  median_interval out;
  out.count = values.size();
  if (values.empty())
    return out;
  std::sort(values.begin(), values.end());
  out.median = median(values);
  auto k = lower_rank(values.size());
  out.covered = k >= 1;
  auto rank = std::max<std::size_t>(k, 1);
  out.low = values[rank - 1];
  out.high = values[values.size() - rank];
  return out;
}

double relative_half_width(const median_interval& i) {
  if (!i.covered || i.median == 0)
    return std::numeric_limits<double>::infinity();
  return std::max(i.median - i.low, i.high - i.median) / std::fabs(i.median);
}

} // namespace actorbench::bench
