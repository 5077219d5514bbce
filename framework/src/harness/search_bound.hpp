#pragma once

#include <cstddef>
#include <cstdint>

#include "bench/harness/declaration.hpp"

namespace actorbench::bench {

/// Whether a search's bounds are close enough to stop: no bound on one
/// side, or (high - low) / low <= resolution, or adjacent integers.
bool search_narrow(std::int64_t low, std::int64_t high, double resolution);

/// Where a search stands: the largest value that kept up and the smallest
/// that failed or did not fit (0: none yet), and the value it starts from.
struct search_bounds {
  std::int64_t low = 0;
  std::int64_t high = 0;
  std::int64_t start = 0;
};

/// The most values (steps) a search of `p` by `d` can still decide from
/// `at`, whatever each value's verdict: doubling up from `low` or halving
/// down from `high` until a verdict turns, then bisecting to the
/// resolution. Each value takes at most d.rule.max_probes probes.
std::size_t search_max_steps(const search_decl& d, const param_decl& p, const search_bounds& at);

/// The value a search starts from: `given` within the parameter's range.
std::int64_t search_start(const param_decl& p, std::int64_t given);

} // namespace actorbench::bench
