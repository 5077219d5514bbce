#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace actorbench::actors {

/// What a replay window says about a packet counter.
enum class replay_verdict {
  /// Not seen and inside the window (or ahead of it): may be accepted.
  fresh,
  /// Accepted before: a replay or a network duplicate.
  duplicate,
  /// Older than the window reaches back: it can no longer be told apart.
  too_old,
};

/// The receiving side's sliding window over 64-bit packet counters, a bitmap
/// in the shape of RFC 6479 (and WireGuard's): a ring of 64-bit words in
/// which moving the window forward only clears the words it passes, so a
/// packet costs a few word operations whatever the jump. A counter is
/// accepted at most once; reordered packets inside the window are accepted
/// in any order. Not thread-safe; one per direction of a session.
class replay_window {
 public:
  /// Bits in the ring (a power of two so that indexing is a mask).
  static constexpr std::size_t ring_bits = 4096;
  /// How far back from the highest accepted counter a packet is still
  /// accepted: one word less than the ring, since the word of the newest
  /// counter is only partly in the window.
  static constexpr std::uint64_t size = ring_bits - 64;

  /// Whether `counter` would be accepted, without changing the window.
  replay_verdict check(std::uint64_t counter) const noexcept;

  /// Marks `counter` seen, moving the window forward if it is the newest.
  /// Call it only after check() said fresh and the packet's tag verified,
  /// so that a forged packet cannot move the window.
  void accept(std::uint64_t counter) noexcept;

  /// The highest counter accepted; nothing before any.
  std::optional<std::uint64_t> newest() const noexcept {
    return any_ ? std::optional<std::uint64_t>{newest_} : std::nullopt;
  }

 private:
  static constexpr std::size_t words = ring_bits / 64;
  std::array<std::uint64_t, words> bits_{};
  // The newest counter itself, not one past it: one past 2^64-1 is 0, and
  // the window would take every counter for new again.
  std::uint64_t newest_ = 0;
  bool any_ = false;
};

} // namespace actorbench::actors
