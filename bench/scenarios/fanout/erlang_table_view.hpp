#pragma once

#include "bench/output/view.hpp"

namespace actorbench::bench {

/// The Erlang experiment's table (its collector and senders timed with
/// crypto on and off), as the console report draws it: one column per
/// configuration headed by the values that vary, the shared ones once
/// above; average, maximum and minimum with the unit in the label, then
/// median, spread, actors/s, phases, memory, mismatches and per-node rows;
/// below it each configuration's median ratio to the reference with its
/// interval and U-test p, then warnings. Built from scenario_results only.
const view& erlang_table_view();

} // namespace actorbench::bench
