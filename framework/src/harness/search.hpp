#pragma once

#include "harness/noise_monitor.hpp"
#include "harness/run_loop.hpp"

namespace actorbench::bench {

/// Whether the plan asks for declaration::search: its flag is on. A search
/// takes exactly one configuration (bad_input otherwise).
result<bool> search_requested(const declaration& d, const std::vector<configuration>& plan);

/// Searches the largest value of search.param that keeps up, from the
/// value in `base`: doubling while it keeps up and its memory estimate
/// fits, then bisecting until (high - low) / low <= resolution. Each value
/// is decided from repeated probes by search.rule, `noise` probing the host
/// before the first probe and after each; a value the rule leaves
/// undecided ends the search unresolved. Every probe is one run of a new
/// configuration in loop.results(); a stop ends the search with what it
/// knows so far.
result<search_result> run_search(run_loop& loop, const scenario& s, const configuration& base,
                                 noise_monitor& noise);

} // namespace actorbench::bench
