#pragma once

#include <ostream>
#include <vector>

#include "bench/rpc_benchmark.hpp"
#include "bench/statistics.hpp"

namespace actorbench::bench {

/// Prints the seed's table: one column per mode, ms/request rows (mean,
/// median, p99, max), requests/s, connection costs, and with plain and TLS
/// side by side the TLS overhead in %.
void write_rpc_table(const std::vector<rpc_result>& results, const rpc_settings& settings,
                     std::ostream& out);

} // namespace actorbench::bench
