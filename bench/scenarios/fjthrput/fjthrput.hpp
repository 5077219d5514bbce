#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>

#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/scenarios/shared/suite_fault.hpp"

namespace actorbench::actors {

// Savina's fork-join throughput (fjthrput): a producer actor sends N
// messages to each of A actors, round robin; per message an actor does
// Savina's small computation, r = sin(theta)^2 with the angle carried by the
// message (so nothing can be folded or hoisted), counts it and adds r to its
// sum. After its N messages the producer tells each actor it is done and the
// actor reports its count and sum.

/// Savina's angle: every message carries it.
inline constexpr double fjthrput_theta = 37.2;

/// Savina's computation on one message's angle.
double fjthrput_compute(double theta) noexcept;

/// One fjthrput run.
struct fjthrput_params {
  std::size_t actors = 60;
  std::size_t messages = 10'000; ///< per actor
  /// The angle each message carries (fjthrput_theta; a test may vary it).
  double theta = fjthrput_theta;
  /// The longest the run may take; on expiry its actors are killed.
  std::chrono::milliseconds timeout{60'000};
  suite_fault fault = suite_fault::none;
  /// Rounds the producer sends per turn before it yields its worker.
  std::size_t burst = 16;
  /// Whether the producer runs on a thread of its own (CAF's detached
  /// actor) instead of a scheduler thread: the actors then run on the
  /// scheduler while it sends, a pipeline over two cores.
  bool own_thread = false;
  /// With own_thread: the most rounds the producer may be ahead of the
  /// last actor; it waits (yielding its thread) beyond that, as a Go
  /// sender blocks on a full channel. 0: no limit.
  std::size_t window = 0;
};

/// What one run found.
struct fjthrput_sample {
  /// From the first spawn until the last check.
  double elapsed_s = 0;
  /// Messages the actors counted, all together.
  std::uint64_t messages = 0;
  /// The sum of r over every message, and A*N*r computed once.
  double sum = 0;
  double expected_sum = 0;
  /// Failed checks: an actor that did not count exactly N, a sum not
  /// within 1e-9 relative of A*N*r.
  std::uint64_t mismatches = 0;
};

/// Runs one fjthrput on `system`. Each message carries a payload sealed by
/// `keys` (one sealer per actor's lane, so each actor sees counters rise by
/// one). Fails with errc::timeout if the reports are not in within
/// `params.timeout` of the first spawn.
result<fjthrput_sample> run_fjthrput(caf::actor_system& system, const seal_keys& keys,
                                     const fjthrput_params& params);

} // namespace actorbench::actors
