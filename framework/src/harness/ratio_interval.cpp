#include "bench/harness/ratio_interval.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

namespace {

/// Values per side above which the pairwise differences (n * m of them)
/// are taken between evenly spaced order statistics instead of every value:
/// 2048^2 doubles is 32 MiB, and the quantiles barely move.
constexpr std::size_t max_pairwise_side = 2048;

/// ln of the values, sorted, at most max_pairwise_side of them.
std::vector<double> sorted_logs(const std::vector<double>& values) {
  std::vector<double> logs;
  for (double v : values)
    logs.push_back(std::log(v));
  std::sort(logs.begin(), logs.end());
  if (logs.size() <= max_pairwise_side)
    return logs;
  std::vector<double> thinned;
  for (std::size_t i = 0; i < max_pairwise_side; ++i)
    thinned.push_back(logs[i * (logs.size() - 1) / (max_pairwise_side - 1)]);
  return thinned;
}

ratio_interval point_estimate(const std::vector<double>& candidate,
                              const std::vector<double>& baseline) {
  ratio_interval out;
  out.estimated_only = true;
  if (candidate.empty() || baseline.empty())
    out.ratio = std::numeric_limits<double>::quiet_NaN();
  else
    out.ratio = median(candidate) / median(baseline);
  out.low = out.high = out.ratio;
  return out;
}

} // namespace

ratio_interval relative_to(const std::vector<double>& all_candidate,
                           const std::vector<double>& all_baseline) {
  auto candidate = values_only(all_candidate);
  auto baseline = values_only(all_baseline);
  if (candidate.size() < 2 || baseline.size() < 2)
    return point_estimate(candidate, baseline);
  auto positive = [](const std::vector<double>& v) {
    return std::all_of(v.begin(), v.end(), [](double x) { return x > 0; });
  };
  // ln(0) and ln(-x) have no shift to estimate: the interval says nothing.
  if (!positive(candidate) || !positive(baseline)) {
    ratio_interval out;
    out.ratio = median(candidate) / median(baseline);
    out.low = 0;
    out.high = std::numeric_limits<double>::infinity();
    out.p_value = mann_whitney_u_p_value(candidate, baseline);
    return out;
  }
  auto c = sorted_logs(candidate);
  auto b = sorted_logs(baseline);
  std::vector<double> d;
  d.reserve(c.size() * b.size());
  for (double x : c)
    for (double y : b)
      d.push_back(x - y);
  std::sort(d.begin(), d.end());
  auto n = static_cast<double>(c.size());
  auto m = static_cast<double>(b.size());
  auto nm = d.size();
  // Moses' distribution-free interval: the order statistics of the pairwise
  // differences that the U test's 95% critical value brackets.
  auto k_real = std::floor(n * m / 2 - 1.96 * std::sqrt(n * m * (n + m + 1) / 12));
  auto k = static_cast<std::size_t>(std::clamp(k_real, 0.0, static_cast<double>(nm - 1)));
  ratio_interval out;
  auto middle = nm % 2 == 1 ? d[nm / 2] : (d[nm / 2 - 1] + d[nm / 2]) / 2;
  out.ratio = std::exp(middle);
  out.low = std::exp(d[k]);
  out.high = std::exp(d[nm - 1 - k]);
  out.p_value = mann_whitney_u_p_value(candidate, baseline);
  return out;
}

} // namespace actorbench::bench
