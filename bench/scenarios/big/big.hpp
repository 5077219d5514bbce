#pragma once

#include <chrono>
#include <cstdint>

#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/scenarios/shared/suite_fault.hpp"

namespace actorbench::actors {

// Savina's big (`actorbench big`): W actors each send N pings, one at a
// time, to peers they pick at random, and wait for each pong before the
// next ping; an actor with its N pongs reports to a sink, and the sink ends
// the run with W reports. Every actor keeps answering pings until the end.

/// One run's sizes.
struct big_params {
  std::uint64_t actors = 120;
  /// Pings each actor sends (and pongs it waits for).
  std::uint64_t pings = 20'000;
  /// Seeds every actor's peer choice (with its index): the same seed, the
  /// same peers.
  std::uint64_t seed = 0;
  std::chrono::milliseconds timeout{60'000};
  suite_fault fault = suite_fault::none;
};

/// What one run measured and found.
struct big_sample {
  /// From the first spawn until the last check.
  double elapsed_s = 0;
  /// Pings and pongs received, as the actors counted them (2 W N when all
  /// is right).
  std::uint64_t messages = 0;
  /// Failed checks: pongs that answer no outstanding ping (wrong peer or
  /// sequence number), actors whose pong count is not N, reports repeated
  /// or from no actor. (A report that never comes is a timeout.)
  std::uint64_t mismatches = 0;
};

/// A small fast generator (splitmix64): one per actor, seeded from the
/// run's seed and the actor's index, picks the peer of each ping.
class peer_picker {
 public:
  peer_picker(std::uint64_t seed, std::uint32_t index, std::uint32_t actors) noexcept;

  /// A peer other than the actor itself, uniform over the others.
  std::uint32_t next() noexcept;

 private:
  std::uint64_t state_;
  std::uint32_t index_;
  std::uint32_t others_;
};

/// Checks `p` (actors 2 to 2^31, pings >= 1).
result<void> check_big_params(const big_params& p);

/// Runs one big on `system`, sealing every ping and pong under `keys`.
result<big_sample> run_big(caf::actor_system& system, const seal_keys& keys,
                           const big_params& params);

} // namespace actorbench::actors
