#pragma once

// When a client sends its hello again. A server that is busy drops hellos
// (--max-handshakes) and UDP loses some, so a client repeats its hello until
// a welcome comes; the waits double up to a cap so that a crowd of clients
// does not keep a busy server busier, and are jittered so that clients that
// started together do not retry together. After a bounded number of hellos
// the client gives up.

#include <algorithm>
#include <chrono>

namespace game {

/// The schedule of a client's hellos.
struct hello_backoff {
  /// The wait after the first hello, and the most any wait may be.
  std::chrono::milliseconds first{200};
  std::chrono::milliseconds cap{2000};
  /// Hellos in all; after the last one's wait the client fails.
  int tries = 10;

  /// How long to wait for a welcome after hello number `n` (from 1):
  /// first * 2^(n-1), at most cap, scaled into its upper half by `jitter`
  /// (0 to 1, drawn uniformly by the caller).
  std::chrono::milliseconds wait_after(int n, double jitter) const {
    auto base = first;
    for (int i = 1; i < n && base < cap; ++i)
      base *= 2;
    base = std::min(base, cap);
    const double share = 0.5 + 0.5 * std::clamp(jitter, 0.0, 1.0);
    return std::chrono::milliseconds{static_cast<long long>(base.count() * share)};
  }

  /// The longest a client can wait for its welcome: every wait at its most.
  std::chrono::milliseconds longest() const {
    std::chrono::milliseconds sum{0};
    for (int n = 1; n <= tries; ++n)
      sum += wait_after(n, 1.0);
    return sum;
  }
};

} // namespace game
