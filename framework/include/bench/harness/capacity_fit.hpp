#pragma once

#include <vector>

namespace actorbench::bench {

/// One probe of a capacity search: at `load`, did it keep up; `weight` is
/// how much it counts in the fit (0: not at all, e.g. a disturbed probe).
struct capacity_observation {
  double load = 0;
  bool keeps_up = false;
  double weight = 1;
};

/// The model of keeping up against load: logistic in log-load, decreasing,
/// written through the load where it crosses the target probability:
///   P(keeps up at x) = 1 / (1 + exp(-(logit(keep_up) + slope * ln(capacity / x)))).
/// `capacity` is the largest load that keeps up with probability keep_up;
/// `slope` is how sharp the fall is (4.39 / slope is the width, in log-load,
/// from 90% to 10%).
struct capacity_curve {
  double capacity = 0;
  double slope = 0;
  double keep_up = 0.9;

  double probability(double load) const;
};

/// What the fit assumes and the interval's level.
struct capacity_fit_options {
  /// The target probability of keeping up that defines the capacity.
  double keep_up = 0.9;
  /// The confidence level of the interval.
  double confidence = 0.9;
  /// The slopes the fit may choose: the weak prior that keeps a fit to
  /// data with no overlap of passes and failures (separation) finite.
  /// 400 is a fall from 90% to 10% within 1.1% of load; 1.5 one over a
  /// factor of 19.
  double min_slope = 1.5;
  double max_slope = 40;
};

/// The maximum-likelihood curve and the profile-likelihood interval of its
/// capacity: every capacity c whose best curve (over the slope) is within
/// chi2_1(confidence) / 2 of the best log-likelihood.
struct capacity_fit {
  /// False without at least one counted pass and one counted failure:
  /// nothing else below is meaningful then.
  bool fitted = false;
  capacity_curve curve;
  double log_likelihood = 0;
  /// The interval; an unbounded side is 0 (low) or infinity (high): the
  /// profile did not fall far enough within the loads the fit considers
  /// (an eighth of the least probed load to 8 times the most).
  double low = 0;
  double high = 0;
  bool low_bounded() const { return low > 0; }
  bool high_bounded() const;
};

/// Fits the curve to the observations (Newton's method on the slope for
/// each capacity, a grid then golden-section search over the capacity).
capacity_fit fit_capacity(const std::vector<capacity_observation>& observations,
                          const capacity_fit_options& options);

/// The quantile of the chi-square distribution with one degree of freedom
/// at `level` (2.706 at 0.9, 3.841 at 0.95).
double chi_square_1_quantile(double level);

} // namespace actorbench::bench
