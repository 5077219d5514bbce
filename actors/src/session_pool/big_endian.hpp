#pragma once

#include <cstdint>

namespace actorbench::actors {

/// Writes `v` as 8 big-endian bytes at `p` (wire order of the session
/// protocol's counters and token fields).
inline void put_u64_be(std::uint8_t* p, std::uint64_t v) noexcept {
  for (int i = 7; i >= 0; --i, v >>= 8)
    p[i] = static_cast<std::uint8_t>(v);
}

/// Reads 8 big-endian bytes at `p`.
inline std::uint64_t get_u64_be(const std::uint8_t* p) noexcept {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i)
    v = v << 8 | p[i];
  return v;
}

} // namespace actorbench::actors
