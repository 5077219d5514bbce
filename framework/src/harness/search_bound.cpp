#include "harness/search_bound.hpp"

#include <algorithm>

namespace actorbench::bench {

namespace {

std::int64_t floor_of(const param_decl& p) {
  return std::max<std::int64_t>(p.min, 1);
}

/// Steps of a bisection from (low, high): each halves the width, rounding
/// up at worst, and low only grows, so the width the resolution allows at
/// the current low is enough.
std::size_t bisect_steps(std::int64_t low, std::int64_t high, double resolution) {
  if (search_narrow(low, high, resolution))
    return 0;
  // The largest width that is narrow at this low, at least 1 (the
  // product may round up past it).
  auto allowed = static_cast<std::int64_t>(resolution * static_cast<double>(low));
  while (allowed > 1 && !search_narrow(low, low + allowed, resolution))
    --allowed;
  allowed = std::max<std::int64_t>(allowed, 1);
  std::size_t steps = 0;
  for (auto width = high - low; width > allowed; width = width - width / 2)
    ++steps;
  return steps;
}

/// Doubling from `low`, which kept up: each value passes (on to the next)
/// or fails (bisect below it); at the parameter's maximum it ends.
std::size_t up_steps(const search_decl& d, const param_decl& p, std::int64_t low) {
  std::size_t worst = 0;
  std::size_t taken = 0;
  for (;;) {
    auto next = low > p.max / 2 ? p.max : low * 2;
    if (next <= low)
      return std::max(worst, taken);
    ++taken;
    worst = std::max(worst, taken + bisect_steps(low, next, d.resolution));
    low = next;
  }
}

/// Halving from `high`, which failed: each value fails (on to the next)
/// or passes (bisect above it); below the parameter's minimum it ends.
std::size_t down_steps(const search_decl& d, const param_decl& p, std::int64_t high) {
  std::size_t worst = 0;
  std::size_t taken = 0;
  for (;;) {
    auto next = high / 2;
    if (next < floor_of(p))
      return std::max(worst, taken);
    ++taken;
    worst = std::max(worst, taken + bisect_steps(next, high, d.resolution));
    high = next;
  }
}

} // namespace

bool search_narrow(std::int64_t low, std::int64_t high, double resolution) {
  return low <= 0 || high <= 0 || high - low <= 1
         || static_cast<double>(high - low) / static_cast<double>(low) <= resolution;
}

std::int64_t search_start(const param_decl& p, std::int64_t given) {
  auto floor = floor_of(p);
  return std::clamp(given, floor, std::max(p.max, floor));
}

std::size_t search_max_steps(const search_decl& d, const param_decl& p, const search_bounds& at) {
  if (at.low == 0 && at.high == 0)
    return 1 + std::max(up_steps(d, p, at.start), down_steps(d, p, at.start));
  if (at.high == 0)
    return up_steps(d, p, at.low);
  if (at.low == 0)
    return down_steps(d, p, at.high);
  return bisect_steps(at.low, at.high, d.resolution);
}

} // namespace actorbench::bench
