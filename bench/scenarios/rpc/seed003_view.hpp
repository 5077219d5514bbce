#pragma once

#include "bench/output/view.hpp"

namespace actorbench::bench {

/// Seed 003's table ("seed-003"): one column per configuration (plain, TLS
/// with client certificates), time-per-request rows (mean, median, p99, max,
/// min), requests/s, connection costs, requests measured, and with plain and
/// TLS side by side the TLS overhead in % with its interval.
const view& seed003_view();

} // namespace actorbench::bench
