#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace actorbench::actors {

/// Counts actors as they are spawned and destroyed, from any thread, cheaply
/// enough to do for every actor of a million-actor tree: each thread counts
/// into a cache line of its own (a shared counter would bounce its line
/// between the workers twice per actor), and readers add the lines up.
class live_counter {
 public:
  live_counter() noexcept;
  live_counter(const live_counter&) = delete;
  live_counter& operator=(const live_counter&) = delete;

  /// One actor more (call where it is constructed).
  void spawned() noexcept { mine().spawned.fetch_add(1, std::memory_order_relaxed); }
  /// One actor fewer (call last in its destructor: readers may free what
  /// the actor used once finished() equals spawned()).
  void finished() noexcept { mine().finished.fetch_add(1, std::memory_order_release); }

  /// Actors spawned so far.
  std::uint64_t spawned_total() const noexcept;
  /// Actors destroyed so far.
  std::uint64_t finished_total() const noexcept;
  /// Actors alive now (spawned and not yet destroyed); a sample, as the
  /// threads go on counting while it is read.
  std::uint64_t live() const noexcept;

 private:
  struct alignas(64) slot {
    std::atomic<std::uint64_t> spawned{0};
    std::atomic<std::uint64_t> finished{0};
  };
  static constexpr std::size_t slots = 64;

  // The calling thread's slot; threads beyond `slots` share one (still
  // correct: the counts are atomic).
  slot& mine() noexcept;

  std::array<slot, slots> slots_;
  std::atomic<std::size_t> next_slot_{0};
  std::uint64_t id_;
};

} // namespace actorbench::actors
