#pragma once

#include <string>

#include "bench/output/view.hpp"

namespace actorbench::bench {

/// `actorbench zone`'s table ("zone"): the setup, a row per configuration
/// (players, ticks run, tick latency p50/p99/p99.9/max, missed ticks,
/// fan-in, peak RSS, cores used, load, and with a search whether it kept
/// up), then a single run's details or the search's answer.
const view& zone_table_view();

/// The zone's answer in one line: "keeps up: no — p99 90.9 ms > 50 ms
/// budget, 68 of 200 ticks missed" (each configuration labelled when
/// several), or a search's answer (search_answer: "capacity 12,450 players
/// [11,800, 13,100] at 20 Hz ..." or "capacity unresolved: ...").
std::string zone_verdict(const scenario_results& r);

} // namespace actorbench::bench
