#pragma once

#include <cstddef>

namespace actorbench::bench {

/// Fewer samples than this make a Mann-Whitney U p-value unreliable.
inline constexpr std::size_t min_samples_for_u_test = 9;

} // namespace actorbench::bench
