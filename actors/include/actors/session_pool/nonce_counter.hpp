#pragma once

#include <cstdint>
#include <limits>
#include <optional>

namespace actorbench::actors {

/// The sending side's packet counter, the nonce of every packet under one
/// key: each value is handed out once, and at the limit it hands out none,
/// so a sealer that gets nullopt must rekey instead of reusing a nonce.
class nonce_counter {
 public:
  /// The default limit: every 64-bit value but the last (which would leave
  /// no value to say "used up" in `next_`).
  static constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();

  /// A counter handing out 0, 1, ..., limit - 1; a small limit is for tests.
  explicit nonce_counter(std::uint64_t limit = max) noexcept : limit_(limit) {}

  /// The next unused counter, or nullopt once `limit` values were used.
  std::optional<std::uint64_t> next() noexcept {
    if (next_ >= limit_)
      return std::nullopt;
    return next_++;
  }

  /// Values handed out so far.
  std::uint64_t used() const noexcept { return next_; }

  /// How many values it hands out in all.
  std::uint64_t limit() const noexcept { return limit_; }

 private:
  std::uint64_t limit_;
  std::uint64_t next_ = 0;
};

} // namespace actorbench::actors
