#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <future>
#include <memory>
#include <string>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>

namespace actorbench::actors {

/// What the collector found once every expected reply arrived.
struct collector_report {
  std::size_t replies = 0;
  /// Replies whose plaintext differs from the expected one.
  std::size_t wrong_plaintext = 0;
  /// Replies whose sender could not decrypt (e.g. a rejected AEAD tag).
  std::size_t failed_decrypts = 0;
  /// Replies carrying an id already seen, or one outside [0, N).
  std::size_t duplicate_ids = 0;
  /// Ids in [0, N) that never replied.
  std::size_t missing_ids = 0;
  /// When the last reply was processed.
  std::chrono::steady_clock::time_point done_at;

  /// Every reply that was not exactly as expected, plus every missing one.
  std::size_t mismatches() const noexcept {
    return wrong_plaintext + failed_decrypts + duplicate_ids + missing_ids;
  }
};

/// Shared between a collector and whoever waits for it.
struct collector_outcome {
  /// Fulfilled once, when the expected number of replies arrived.
  std::promise<collector_report> report;
  /// Replies so far, readable while the run is in progress (for timeouts).
  std::atomic<std::size_t> received{0};
};

/// Spawns an event-based collector expecting one reply from each id in
/// [0, expected) with `plaintext`; it fulfils `outcome->report` and quits
/// after the last one.
caf::actor spawn_collector(caf::actor_system& system, std::size_t expected,
                           std::string plaintext,
                           std::shared_ptr<collector_outcome> outcome);

} // namespace actorbench::actors
