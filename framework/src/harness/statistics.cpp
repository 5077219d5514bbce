#include "bench/harness/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <utility>

namespace actorbench::bench {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr double inf = std::numeric_limits<double>::infinity();

// Leaves the values only: std::sort over NaN is undefined behaviour, and a
// tie loop comparing NaN with itself would never advance.
void drop_missing(std::vector<double>& samples) {
  samples.erase(std::remove_if(samples.begin(), samples.end(),
                               [](double v) { return !std::isfinite(v); }),
                samples.end());
}

// Continued fraction of the regularized incomplete beta function I_x(a, b),
// evaluated with the modified Lentz method (Numerical Recipes, "betacf"). It
// converges quickly for x < (a + 1) / (a + b + 2).
double beta_continued_fraction(double a, double b, double x) {
  constexpr double tiny = 1e-300;
  auto guard = [](double v) { return std::fabs(v) < tiny ? tiny : v; };
  double c = 1;
  double d = 1 / guard(1 - (a + b) * x / (a + 1));
  double h = d;
  for (int m = 1; m <= 100000; ++m) {
    double m2 = 2.0 * m;
    double even = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
    d = 1 / guard(1 + even * d);
    c = guard(1 + even / c);
    h *= d * c;
    double odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
    d = 1 / guard(1 + odd * d);
    c = guard(1 + odd / c);
    double step = d * c;
    h *= step;
    if (std::fabs(step - 1) < 1e-15)
      break;
  }
  return h;
}

// I_x(a, b), with y = 1 - x passed separately so that neither loses precision.
double incomplete_beta(double a, double b, double x, double y) {
  if (x <= 0)
    return 0;
  if (y <= 0)
    return 1;
  double log_front =
    std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log(y);
  if (x < (a + 1) / (a + b + 2))
    return std::exp(log_front) * beta_continued_fraction(a, b, x) / a;
  return 1 - std::exp(log_front) * beta_continued_fraction(b, a, y) / b;
}

// P(T > t) for t >= 0: I_{dof / (dof + t^2)}(dof / 2, 1 / 2) / 2.
double student_t_upper_tail(double t, double dof) {
  double t2 = t * t;
  return 0.5 * incomplete_beta(dof / 2, 0.5, dof / (dof + t2), t2 / (dof + t2));
}

// P(0 < T < t) for t >= 0: I_{t^2 / (dof + t^2)}(1 / 2, dof / 2) / 2.
double student_t_central(double t, double dof) {
  double t2 = t * t;
  return 0.5 * incomplete_beta(0.5, dof / 2, t2 / (dof + t2), dof / (dof + t2));
}

// The t >= 0 with rising(t) = target, for an increasing function with
// rising(0) <= target: doubling to bracket, then bisection to double precision.
template <class Rising>
double solve_increasing(Rising rising, double target) {
  double lo = 0;
  double hi = 1;
  while (rising(hi) < target && hi < 1e300) {
    lo = hi;
    hi *= 2;
  }
  for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; ++i) {
    double mid = lo + (hi - lo) / 2;
    (rising(mid) < target ? lo : hi) = mid;
  }
  return lo + (hi - lo) / 2;
}

// The t >= 0 with P(X > t) = q, 0 < q < 1/2, for a distribution symmetric
// about 0. Far in the tail it solves upper_tail(t) = q; nearer the centre
// it solves central(t) = P(0 < X < t) = 1/2 - q, which is exact there and
// unlike 1/2 - upper_tail(t) does not cancel.
template <class UpperTail, class Central>
double symmetric_quantile(UpperTail upper_tail, Central central, double q) {
  if (q < 0.25)
    return solve_increasing([&](double t) { return -upper_tail(t); }, -q);
  return solve_increasing(central, 0.5 - q);
}

// Abramowitz and Stegun 26.7.5: t = z + g1/v + g2/v^2 + g3/v^3 + g4/v^4, with
// z the normal quantile; the first omitted term is O(v^-5).
double cornish_fisher(double z, double v) {
  double z2 = z * z;
  double g1 = (z2 + 1) * z / 4;
  double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
  double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
  double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160;
  return z + (g1 + (g2 + (g3 + g4 / v) / v) / v) / v;
}

double half_width(double stddev, std::size_t count, double confidence) {
  if (count < 2)
    return 0;
  double t = student_t_quantile(1 - (1 - confidence) / 2, count - 1);
  return t * stddev / std::sqrt(static_cast<double>(count));
}

} // namespace

bool is_value(double v) {
  return std::isfinite(v);
}

std::vector<double> values_only(const std::vector<double>& samples) {
  auto out = samples;
  drop_missing(out);
  return out;
}

double median(std::vector<double> samples) {
  drop_missing(samples);
  if (samples.empty())
    return 0;
  std::sort(samples.begin(), samples.end());
  auto n = samples.size();
  return n % 2 == 1 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
}

double percentile(std::vector<double> samples, double p) {
  drop_missing(samples);
  if (samples.empty())
    return 0;
  std::sort(samples.begin(), samples.end());
  // p / 100 is inexact (99.9 / 100 * 1000 = 999.0000000000001): without the
  // tolerance the rank would step past the nearest one.
  auto exact = p / 100.0 * static_cast<double>(samples.size());
  auto rank = static_cast<std::size_t>(std::ceil(exact - 1e-9));
  return samples[std::clamp<std::size_t>(rank, 1, samples.size()) - 1];
}

summary summarize(std::vector<double> samples) {
  drop_missing(samples);
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
  s.cv = s.mean == 0 ? 0 : s.stddev / s.mean;
  s.ci999 = half_width(s.stddev, s.count, 0.999);
  s.median = median(std::move(samples));
  return s;
}

double student_t_quantile(double p, std::size_t dof) {
  if (dof == 0 || !(p >= 0 && p <= 1))
    return nan;
  if (p == 0.5)
    return 0;
  if (p == 0 || p == 1)
    return p == 1 ? inf : -inf;
  // Solve in the smaller tail, where q is exact, and mirror for p < 1/2.
  double q = p > 0.5 ? 1 - p : p;
  double v = static_cast<double>(dof);
  double t;
  if (dof > 100000) {
    double z = symmetric_quantile([](double x) { return 0.5 * std::erfc(x / std::sqrt(2.0)); },
                                  [](double x) { return 0.5 * std::erf(x / std::sqrt(2.0)); }, q);
    t = cornish_fisher(z, v);
  } else {
    t = symmetric_quantile([v](double x) { return student_t_upper_tail(x, v); },
                           [v](double x) { return student_t_central(x, v); }, q);
  }
  return p > 0.5 ? t : -t;
}

double ci_half_width(const std::vector<double>& samples, double confidence) {
  auto s = summarize(samples);
  return half_width(s.stddev, s.count, confidence);
}

std::vector<std::size_t> outliers(const std::vector<double>& samples, double threshold) {
  std::vector<std::size_t> found;
  if (samples.empty())
    return found;
  double center = median(samples);
  std::vector<double> deviations;
  deviations.reserve(samples.size());
  for (double x : samples)
    deviations.push_back(std::fabs(x - center));
  double mad = median(std::move(deviations));
  if (mad == 0)
    return found;
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (is_value(samples[i]) && std::fabs(0.6745 * (samples[i] - center) / mad) > threshold)
      found.push_back(i);
  return found;
}

double mann_whitney_u_p_value(const std::vector<double>& all_a, const std::vector<double>& all_b) {
  auto a = values_only(all_a);
  auto b = values_only(all_b);
  if (a.empty() || b.empty())
    return 1.0;
  // (value, from a) pairs in ascending order; equal values get the average of
  // their 1-based ranks.
  std::vector<std::pair<double, bool>> pooled;
  pooled.reserve(a.size() + b.size());
  for (double x : a)
    pooled.emplace_back(x, true);
  for (double x : b)
    pooled.emplace_back(x, false);
  std::sort(pooled.begin(), pooled.end(),
            [](const auto& l, const auto& r) { return l.first < r.first; });
  double rank_sum_a = 0;
  double tie_term = 0; // sum of t^3 - t over groups of t equal values
  for (std::size_t i = 0; i < pooled.size();) {
    // The group holds pooled[i] whatever it compares like, so i always advances.
    std::size_t j = i;
    std::size_t from_a = 0;
    do
      from_a += pooled[j++].second ? 1 : 0;
    while (j < pooled.size() && pooled[j].first == pooled[i].first);
    double rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    rank_sum_a += rank * static_cast<double>(from_a);
    double t = static_cast<double>(j - i);
    tie_term += t * t * t - t;
    i = j;
  }
  double n1 = static_cast<double>(a.size());
  double n2 = static_cast<double>(b.size());
  double n = n1 + n2;
  double u1 = rank_sum_a - n1 * (n1 + 1) / 2;
  double u = std::max(u1, n1 * n2 - u1);
  double mean = n1 * n2 / 2;
  double variance = n1 * n2 / 12 * ((n + 1) - tie_term / (n * (n - 1)));
  if (!(variance > 0))
    return 1.0;
  double z = (u - mean - 0.5) / std::sqrt(variance);
  // Two-sided: 2 * P(Z > z) = erfc(z / sqrt(2)).
  return std::min(1.0, std::erfc(z / std::sqrt(2.0)));
}

ratio compare(const summary& result, const summary& reference) {
  double a = result.mean;
  double b = reference.mean;
  if (!(a > 0 && b > 0))
    return {nan, nan, false};
  ratio r;
  r.faster = a < b;
  r.value = r.faster ? b / a : a / b;
  double relative_a = result.stddev / a;
  double relative_b = reference.stddev / b;
  r.error = r.value * std::sqrt(relative_a * relative_a + relative_b * relative_b);
  return r;
}

std::string to_string(const ratio& r) {
  char buffer[96];
  // "\xc2\xb1" is "±" in UTF-8, independent of the source and execution charset.
  std::snprintf(buffer, sizeof buffer, "%.2f \xc2\xb1 %.2fx %s", r.value, r.error,
                r.faster ? "faster" : "slower");
  return buffer;
}

bool first_run_much_slower(const std::vector<double>& samples) {
  if (samples.empty() || !is_value(samples.front()))
    return false;
  auto rest = values_only({samples.begin() + 1, samples.end()});
  if (rest.size() < 2)
    return false;
  return samples.front() > 2 * median(std::move(rest));
}

} // namespace actorbench::bench
