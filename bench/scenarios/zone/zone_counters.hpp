#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "actors/runtime/countdown_latch.hpp"

namespace actorbench::actors {

/// What the zone actor and its players report to whoever runs the ticks;
/// written by the actors, read by the driver between ticks.
struct zone_counters {
  explicit zone_counters(std::size_t players) : players(players) {}

  const std::size_t players;
  /// Players still to handle the current tick's broadcast; the driver arms
  /// it with `players` before each tick, and the last player stamps the time.
  countdown_latch receipts{0};
  /// When the zone had every player's input of the current tick
  /// (steady_clock ticks since its epoch).
  std::atomic<std::int64_t> fan_in_at{0};
  /// Inputs the zone accepted, and those it refused: undecodable, from the
  /// wrong player, for another tick or outside a tick.
  std::atomic<std::uint64_t> inputs{0};
  std::atomic<std::uint64_t> bad_inputs{0};
  /// Packets the sessions dropped (malformed, or the tag did not verify).
  std::atomic<std::uint64_t> dropped_inputs{0};
  /// Broadcasts whose entry for the receiving player was not where its
  /// client moved it that tick (its input was dropped, or the zone erred).
  std::atomic<std::uint64_t> state_mismatches{0};
  /// State updates a player got that were not newer than its previous one
  /// (repeated or out of order). With every tick's `receipts` complete and
  /// none of these, every player handled every tick's update exactly once.
  std::atomic<std::uint64_t> stale_updates{0};
};

} // namespace actorbench::actors
