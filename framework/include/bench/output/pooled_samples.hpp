#pragma once

#include <string>
#include <vector>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// Every value of `metric` over all measured runs of a configuration, in run
/// order, missing ones left out (statistics.hpp): the events a view's table
/// takes its percentiles over (zone ticks, rpc requests), all runs as one
/// sample.
std::vector<double> pooled_samples(const configuration_result& c, const std::string& metric);

} // namespace actorbench::bench
