#include "bench/harness/capacity_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace actorbench::bench {

namespace {

double sigmoid(double eta) {
  return eta >= 0 ? 1 / (1 + std::exp(-eta)) : std::exp(eta) / (1 + std::exp(eta));
}

// log(sigmoid(eta)) without overflow at either end.
double log_sigmoid(double eta) {
  return eta >= 0 ? -std::log1p(std::exp(-eta)) : eta - std::log1p(std::exp(eta));
}

/// The probes at one load, summed: the fit sees each load once.
struct load_group {
  double log_load = 0;
  double passed = 0;
  double failed = 0;
};

std::vector<load_group> grouped(const std::vector<capacity_observation>& observations) {
  std::map<double, load_group> by_load;
  for (const auto& o : observations) {
    if (o.weight <= 0 || o.load <= 0)
      continue;
    auto& g = by_load[o.load];
    g.log_load = std::log(o.load);
    (o.keeps_up ? g.passed : g.failed) += o.weight;
  }
  std::vector<load_group> out;
  for (const auto& [load, g] : by_load)
    out.push_back(g);
  return out;
}

/// The log-likelihood as a function of the slope at one log-capacity, and
/// its best slope within the prior's range.
class profile {
 public:
  profile(const std::vector<load_group>& groups, const capacity_fit_options& o)
    : groups_(groups), options_(o), target_(std::log(o.keep_up / (1 - o.keep_up))) {}

  double log_likelihood(double log_capacity, double slope) const {
    double sum = 0;
    for (const auto& g : groups_) {
      auto eta = target_ + slope * (log_capacity - g.log_load);
      sum += g.passed * log_sigmoid(eta) + g.failed * log_sigmoid(-eta);
    }
    return sum;
  }

  /// The slope that maximizes the likelihood at this capacity: the
  /// likelihood is concave in the slope, so the root of its derivative,
  /// by Newton's method kept inside a bracket that bisection narrows.
  double best_slope(double log_capacity) const {
    double lo = options_.min_slope;
    double hi = options_.max_slope;
    if (gradient(log_capacity, hi).first >= 0)
      return hi;
    if (gradient(log_capacity, lo).first <= 0)
      return lo;
    double s = std::sqrt(lo * hi);
    for (int i = 0; i < 60 && hi - lo > 1e-7 * hi; ++i) {
      auto [g, h] = gradient(log_capacity, s);
      (g > 0 ? lo : hi) = s;
      auto next = h < 0 ? s - g / h : (lo + hi) / 2;
      s = next > lo && next < hi ? next : (lo + hi) / 2;
    }
    return s;
  }

  double at(double log_capacity) const {
    return log_likelihood(log_capacity, best_slope(log_capacity));
  }

 private:
  // The first and second derivatives in the slope.
  std::pair<double, double> gradient(double log_capacity, double slope) const {
    double g = 0, h = 0;
    for (const auto& g_ : groups_) {
      auto d = log_capacity - g_.log_load;
      auto p = sigmoid(target_ + slope * d);
      g += (g_.passed - (g_.passed + g_.failed) * p) * d;
      h -= (g_.passed + g_.failed) * p * (1 - p) * d * d;
    }
    return {g, h};
  }

  const std::vector<load_group>& groups_;
  const capacity_fit_options& options_;
  double target_;
};

/// Where the profile's deviance from `best` reaches `limit` between a point
/// inside (deviance at most limit) and one outside, by bisection.
double crossing(const profile& p, double best, double limit, double inside, double outside) {
  for (int i = 0; i < 30; ++i) {
    auto mid = (inside + outside) / 2;
    (2 * (best - p.at(mid)) > limit ? outside : inside) = mid;
  }
  return (inside + outside) / 2;
}

} // namespace

double capacity_curve::probability(double load) const {
  return sigmoid(std::log(keep_up / (1 - keep_up)) + slope * std::log(capacity / load));
}

bool capacity_fit::high_bounded() const {
  return std::isfinite(high);
}

double chi_square_1_quantile(double level) {
  // The normal quantile at (1 + level) / 2, squared.
  double target = (1 - level) / 2;
  double lo = 0, hi = 40;
  for (int i = 0; i < 100; ++i) {
    auto mid = (lo + hi) / 2;
    (0.5 * std::erfc(mid / std::sqrt(2.0)) > target ? lo : hi) = mid;
  }
  auto z = (lo + hi) / 2;
  return z * z;
}

capacity_fit fit_capacity(const std::vector<capacity_observation>& observations,
                          const capacity_fit_options& options) {
  capacity_fit out;
  out.curve.keep_up = options.keep_up;
  auto groups = grouped(observations);
  bool passed = false, failed = false;
  for (const auto& g : groups) {
    passed = passed || g.passed > 0;
    failed = failed || g.failed > 0;
  }
  if (!passed || !failed)
    return out;
  profile p{groups, options};
  // A grid over the loads probed and a factor of 8 beyond, then
  // golden-section search around its best point.
  const double margin = std::log(8.0), step = 0.025;
  const double from = groups.front().log_load - margin;
  const double to = groups.back().log_load + margin;
  std::vector<double> grid, values;
  for (double u = from; u <= to + step / 2; u += step) {
    grid.push_back(u);
    values.push_back(p.at(u));
  }
  auto best = static_cast<std::size_t>(std::max_element(values.begin(), values.end())
                                       - values.begin());
  double a = grid[best] - step, b = grid[best] + step;
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  double x1 = b - ratio * (b - a), x2 = a + ratio * (b - a);
  double f1 = p.at(x1), f2 = p.at(x2);
  for (int i = 0; i < 25; ++i) {
    if (f1 >= f2) {
      b = x2, x2 = x1, f2 = f1;
      x1 = b - ratio * (b - a), f1 = p.at(x1);
    } else {
      a = x1, x1 = x2, f1 = f2;
      x2 = a + ratio * (b - a), f2 = p.at(x2);
    }
  }
  double log_capacity = (a + b) / 2;
  double top = std::max(p.at(log_capacity), values[best]);
  if (values[best] > p.at(log_capacity))
    log_capacity = grid[best];
  out.fitted = true;
  out.curve.capacity = std::exp(log_capacity);
  out.curve.slope = p.best_slope(log_capacity);
  out.log_likelihood = top;
  const double limit = chi_square_1_quantile(options.confidence);
  out.high = std::numeric_limits<double>::infinity();
  for (auto j = best + 1; j < grid.size(); ++j)
    if (2 * (top - values[j]) > limit) {
      out.high = std::exp(crossing(p, top, limit, std::max(grid[j - 1], log_capacity), grid[j]));
      break;
    }
  out.low = 0;
  for (auto j = best; j-- > 0;)
    if (2 * (top - values[j]) > limit) {
      out.low = std::exp(crossing(p, top, limit, std::min(grid[j + 1], log_capacity), grid[j]));
      break;
    }
  return out;
}

} // namespace actorbench::bench
