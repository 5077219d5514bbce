#pragma once

#include <string>
#include <vector>

#include "bench/harness/results.hpp"
#include "bench/output/view.hpp"

namespace actorbench::bench {

/// One row of the Erlang experiment's table: its label (with the unit) and one cell
/// per configuration.
struct erlang_table_row {
  std::string label;
  std::vector<std::string> cells;
};

/// The rows of the Erlang experiment's table for `r`'s configurations: statistics of
/// the headline, actors/s, phases, memory, mismatches, then per-node rows.
/// Times are shown in the unit that keeps three significant digits (or
/// style.time_unit); spread is n/a under 2 runs.
std::vector<erlang_table_row> erlang_table_rows(const scenario_results& r, const table_style& style);

} // namespace actorbench::bench
