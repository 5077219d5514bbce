#pragma once

#include <ostream>
#include <vector>

#include "bench/rpc_benchmark.hpp"

namespace actorbench::bench {

/// The p-th percentile (0..100) by nearest rank; 0 for no samples.
double percentile(std::vector<double> samples, double p);

/// Prints the seed's table: one column per mode, ms/request rows (mean,
/// median, p99, max), requests/s, connection costs, and with plain and TLS
/// side by side the TLS overhead in %.
void write_rpc_table(const std::vector<rpc_result>& results, const rpc_settings& settings,
                     std::ostream& out);

} // namespace actorbench::bench
