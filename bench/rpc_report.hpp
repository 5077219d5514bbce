#pragma once

#include <ostream>
#include <vector>

#include "bench/output_format.hpp"
#include "bench/harness/machine_info.hpp"
#include "bench/rpc_benchmark.hpp"
#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

/// Prints the seed's table: one column per mode, ms/request rows (mean,
/// median, p99, max), requests/s, connection costs, and with plain and TLS
/// side by side the TLS overhead in %.
void write_rpc_table(const std::vector<rpc_result>& results, const rpc_settings& settings,
                     std::ostream& out);

/// Writes the results as `format`: the table, JSON (settings, machine, and
/// per mode the table's figures in ms and every measured latency in µs) or
/// CSV (one row per measured request). Markdown is refused by validate_rpc.
void write_rpc_report(const std::vector<rpc_result>& results, const rpc_settings& settings,
                      const machine_info& machine, const std::string& git_commit,
                      output_format format, std::ostream& out);

} // namespace actorbench::bench
