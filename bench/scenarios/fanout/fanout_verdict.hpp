#pragma once

#include <string>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// The fan-out's answer in one line, at its largest actor count:
/// "100,000 actors in 50.8 ms [49.1, 52.0]; crypto adds 5% [3%, 7%]"
/// (the median time until every reply with its 95% interval; what crypto
/// costs when the same configuration ran with crypto off and on).
std::string fanout_verdict(const scenario_results& r);

} // namespace actorbench::bench
