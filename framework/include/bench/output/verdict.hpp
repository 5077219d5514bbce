#pragma once

#include <string>
#include <vector>

#include "bench/harness/ratio_interval.hpp"
#include "bench/harness/metric.hpp"
#include "bench/harness/results.hpp"

namespace actorbench::bench {

// A verdict is the one line that answers a scenario's question, in words
// and with its interval, written above its table (hyperfine's and JMH's
// summary line). A scenario supplies its own (scenario::verdict); these are
// the parts it is made of, and the generic one for the others.

/// A median with its distribution-free 95% interval in the median's unit:
/// "50.8 ms [49.1, 52.0]"; under six values, whose interval would cover the
/// median less than 95% of the time, "50.8 ms (3 runs, range 49.1-52.0)";
/// "n/a" for none.
std::string median_with_interval(const std::vector<double>& values, const std::string& base_unit);

/// Whether the interval of a ratio includes 1: the two cannot be told apart.
bool is_tie(const ratio_interval& q);

/// A ratio as a factor with its interval: "1.17x [0.96, 1.73]" (new / old);
/// the point estimate only when that is all there is.
std::string factor_with_interval(const ratio_interval& q);

/// A ratio as a percentage change with its interval: "5% [3%, 7%]",
/// "-12% [-15%, -9%]".
std::string change_with_interval(const ratio_interval& q);

/// `n` with thousands separated by commas: "100,000".
std::string grouped(double n);

/// The verdict of a scenario without one of its own: by the headline metric,
/// "latency_s 1.23 ms [1.20, 1.30]" for one configuration; for several the
/// best one and how the next compares with it ("best: 2 pairs, ...; next:
/// 1 pair 1.30x slower [1.2, 1.4]", or "ties"). "no runs measured" when
/// nothing was.
std::string generic_verdict(const scenario_results& r);

} // namespace actorbench::bench
