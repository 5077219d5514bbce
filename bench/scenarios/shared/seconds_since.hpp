#pragma once

#include <chrono>

namespace actorbench::bench {

/// Seconds on the steady clock from `start` until now.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace actorbench::bench
