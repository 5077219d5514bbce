#pragma once

#include "bench/output/view.hpp"

namespace actorbench::bench {

/// `actorbench zone`'s table ("zone"): the setup, a row per configuration
/// (players, ticks run, tick latency p50/p99/p99.9/max, missed ticks,
/// fan-in, peak RSS, cores used, load, and with a search whether it kept
/// up), then a single run's details or the search's answer.
const view& zone_table_view();

} // namespace actorbench::bench
