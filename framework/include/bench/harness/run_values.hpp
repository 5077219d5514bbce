#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/harness/metric.hpp"
#include "bench/harness/results.hpp"
#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

/// One value per measured run of a metric: the run's value, or its events
/// reduced by metric_decl::per_run (missing events left out). Runs without
/// the metric, or whose value is missing (statistics.hpp), are skipped.
std::vector<double> per_run_values(const configuration_result& c, const metric_decl& m);

/// Sum of one check over every run of a configuration.
std::uint64_t check_total(const configuration_result& c, const std::string& check);

} // namespace actorbench::bench
