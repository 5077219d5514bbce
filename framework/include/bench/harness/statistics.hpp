#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace actorbench::bench {

// A value that is not finite (NaN, +inf, -inf) is a missing value: a failed
// measurement, or null in a saved result. Every function here leaves missing
// values out, so each is defined on any input; one with none left is empty.

/// Whether `v` is a value rather than a missing one (std::isfinite).
bool is_value(double v);

/// The values of `samples` that are not missing, in order.
std::vector<double> values_only(const std::vector<double>& samples);

/// Aggregates of one series of samples.
struct summary {
  /// Values summarised (missing ones are not counted).
  std::size_t count = 0;
  double mean = 0;
  double median = 0;
  double min = 0;
  double max = 0;
  /// Sample standard deviation (n - 1 in the denominator); 0 for one sample.
  double stddev = 0;
  /// Coefficient of variation, stddev / mean; 0 when the mean is 0.
  double cv = 0;
  /// Half-width of the 99.9% Student-t confidence interval of the mean
  /// (JMH's "Error"); 0 for fewer than two samples. See ci_half_width().
  double ci999 = 0;
};

/// The p-th percentile (0..100) by nearest rank: the smallest sample with at
/// least p% of all samples at or below it; 0 for no samples.
double percentile(std::vector<double> samples, double p);

/// Summarises `samples`; all fields are 0 for an empty series.
summary summarize(std::vector<double> samples);

/// The median of `samples` (mean of the middle two for an even count); 0 for
/// no samples.
double median(std::vector<double> samples);

/// The `p`-quantile of Student's t distribution with `dof` degrees of freedom,
/// i.e. the t with P(T <= t) = p; e.g. p = 0.9995 gives the multiplier of a
/// two-sided 99.9% interval. Computed by inverting the regularized incomplete
/// beta function (continued fraction, bisection) to about 1e-12 relative; for
/// dof above 100000 the Cornish-Fisher expansion around the normal quantile is
/// used instead. Returns 0 for p = 0.5, -inf / +inf for p = 0 / 1, and NaN for
/// dof = 0 or p outside [0, 1].
double student_t_quantile(double p, std::size_t dof);

/// Half-width of the Student-t confidence interval of the mean of `samples`,
/// t((1 + confidence) / 2, n - 1) * s / sqrt(n) with s the sample standard
/// deviation: JMH's "Error" (mean ± error). 0 for fewer than two samples;
/// `confidence` must lie in (0, 1).
double ci_half_width(const std::vector<double>& samples, double confidence = 0.999);

/// Indices (ascending) of the samples whose modified Z-score
/// 0.6745 * (x - median) / MAD exceeds `threshold` in absolute value, MAD being
/// the median absolute deviation from the median (Iglewicz and Hoaglin, 1993,
/// who recommend 3.5; hyperfine uses the same score with 10). When MAD is 0
/// (more than half of the samples are equal) the score is undefined and no
/// sample is reported; none either for an empty series. A missing value is
/// never an outlier; indices count every sample, missing ones included.
std::vector<std::size_t> outliers(const std::vector<double>& samples, double threshold = 3.5);

/// Two-sided p-value of the Mann-Whitney U test (Wilcoxon rank-sum) that `a`
/// and `b` come from the same distribution: normal approximation with average
/// ranks for ties, the tie-corrected variance and a continuity correction of
/// 0.5, as scipy.stats.mannwhitneyu(a, b, alternative='two-sided',
/// method='asymptotic'). Returns 1.0 if either sample is empty or if all values
/// are equal (zero variance).
double mann_whitney_u_p_value(const std::vector<double>& a, const std::vector<double>& b);

/// How many times one mean is faster or slower than another, with its
/// uncertainty: "value ± error x faster/slower".
struct ratio {
  /// max(mean) / min(mean) of the two times, so always >= 1.
  double value = 1;
  /// One standard deviation of `value`, by first-order error propagation.
  double error = 0;
  /// True when the result's mean time is strictly smaller than the reference's.
  bool faster = false;
};

/// Compares the mean time of `result` with that of `reference` the way
/// hyperfine does: for r = a / b, sigma_r = r * sqrt((sa / a)^2 + (sb / b)^2),
/// with r taken as the larger over the smaller mean. Equal means count as
/// "slower" (value 1). Both means must be positive; otherwise value and error
/// are NaN and faster is false.
ratio compare(const summary& result, const summary& reference);

/// Formats `r` with two decimals, e.g. "1.23 ± 0.04x slower" (UTF-8 "±").
std::string to_string(const ratio& r);

/// Whether the first sample looks like a cold start: it is a value, at least 2
/// other values follow, and it is more than 2 times their median (which
/// are then unaffected by it). This is the situation of hyperfine's warning
/// "The first benchmarking run for this command was significantly slower than
/// the rest"; hyperfine tests the first run's modified Z-score instead, which
/// fires on small absolute differences when the other runs are very tight,
/// whereas a factor of 2 is scale-free and robust.
bool first_run_much_slower(const std::vector<double>& samples);

} // namespace actorbench::bench
