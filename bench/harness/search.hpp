#pragma once

#include "bench/harness/run_loop.hpp"

namespace actorbench::bench {

/// Whether the plan asks for declaration::search: its flag is on. A search
/// takes exactly one configuration (bad_input otherwise).
result<bool> search_requested(const declaration& d, const std::vector<configuration>& plan);

/// Searches the largest value of search.param that keeps up, from the
/// value in `base`: doubling while it keeps up and its memory estimate
/// fits, then bisecting until (high - low) / low <= resolution. A failure
/// counts once a second probe confirms it. Every probe is one run of a new
/// configuration in loop.results(); a stop ends the search with what it
/// knows so far.
result<search_result> run_search(run_loop& loop, const scenario& s, const configuration& base);

} // namespace actorbench::bench
