#pragma once

#include "bench/output/view.hpp"

namespace actorbench::bench {

/// The dRuby TLS experiment's table ("rpc-table"): one column per configuration (plain, TLS
/// with client certificates), time-per-request rows (mean, median, p99, max,
/// min), requests/s, connection costs, requests measured, and with plain and
/// TLS side by side the TLS overhead in % with its interval.
const view& rpc_table_view();

} // namespace actorbench::bench
