#pragma once

#include <string>

#include "bench/harness/ratio_interval.hpp"
#include "bench/harness/metric.hpp"

namespace actorbench::bench {

/// Whether a metric of that unit and direction has got worse by `r` (a ratio
/// new / old): for lower-is-better metrics a ratio above 1.
bool is_worse(const ratio_interval& r, const metric_decl& m);

/// The ratio in words, always as a factor of at least 1:
/// "1.20x slower [1.15, 1.26], p = 0.001" for times, "faster"/"slower" for
/// rates (k/s), "higher"/"lower" otherwise; "p < 0.001" below that; the
/// interval and p are left out when only the point estimate is known.
std::string describe_ratio(const ratio_interval& r, const metric_decl& m);

/// The p-value with three decimals: "p = 0.042", "p < 0.001".
std::string describe_p(double p);

/// A factor to three significant digits: "1.17", "12.3", "153".
std::string factor(double f);

} // namespace actorbench::bench
