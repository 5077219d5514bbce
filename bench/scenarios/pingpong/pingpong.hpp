#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "bench/scenarios/pingpong/pingpong_actors.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/scenarios/shared/suite_fault.hpp"

namespace actorbench::actors {

/// One pingpong run: `pairs` independent pairs, `round_trips` each.
struct pingpong_params {
  std::uint64_t round_trips = 1'000'000;
  std::size_t pairs = 1;
  /// One round trip in this many is timed (two clock reads of about 28 ns):
  /// at about 190 ns per round trip the clock then costs under 0.5% of the run.
  std::uint64_t sample_every = 64;
  /// The longest the run may take.
  std::chrono::milliseconds timeout{60'000};
  /// The pongs are on other nodes (see pingpong_remote.hpp): their counts
  /// are collected at the end of each pair.
  bool remote_pongs = false;
  /// Injected into pair 0 at its middle round trip (tests only).
  suite_fault fault = suite_fault::none;
};

/// What one pingpong run measured and checked.
struct pingpong_sample {
  std::size_t pairs = 0;
  std::uint64_t round_trips_per_pair = 0;
  /// Round trips done, all pairs.
  std::uint64_t round_trips = 0;
  /// Echoes not equal to the round-trip number sent, plus round trips
  /// missing from a pair's count.
  std::uint64_t mismatches = 0;
  /// From the first spawn until the last pair's last check.
  double elapsed_s = 0;
  /// Sampled round-trip latencies of every pair, seconds.
  std::vector<double> latency_s;
};

/// Makes the pong of one pair (locally, or on a node) from its config.
using pong_spawner = std::function<result<caf::actor>(std::size_t pair, const pong_config&)>;

/// Spawns each pair's pong on `system`.
pong_spawner local_pongs(caf::actor_system& system);

/// Runs the pairs on `system` (pongs from `make_pong`, pings local) and
/// waits for them. Errors: bad_parameter, timeout (the pairs' actors are
/// killed; the message says how far each pair got), runtime_failure (a
/// ping could not seal, or its pong went down).
result<pingpong_sample> run_pingpong(caf::actor_system& system, const seal_keys& keys,
                                     const pingpong_params& params, const pong_spawner& make_pong);

/// run_pingpong with local pongs.
result<pingpong_sample> run_pingpong(caf::actor_system& system, const seal_keys& keys,
                                     const pingpong_params& params);

} // namespace actorbench::actors
