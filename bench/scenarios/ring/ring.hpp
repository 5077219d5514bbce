#pragma once

#include <chrono>
#include <cstdint>

#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/scenarios/shared/suite_fault.hpp"

namespace actorbench::actors {

// The ring of the message-passing suite (`actorbench ring`): N actors in a
// ring pass K tokens, each carrying the hops it has left; every actor passes
// a token on to its successor with one hop less, and the token that reaches 0
// is done. The run ends when every token is done and every actor has said
// how many hops it passed on.

/// One run's sizes.
struct ring_params {
  std::uint64_t actors = 100;
  /// Hops in total, shared by the tokens (R/K each, the remainder spread
  /// over the first R mod K).
  std::uint64_t hops = 1'000'000;
  /// Tokens, starting at evenly spaced actors: 1 to min(actors, hops).
  std::uint64_t tokens = 1;
  std::chrono::milliseconds timeout{60'000};
  suite_fault fault = suite_fault::none;
};

/// What one run measured and found.
struct ring_sample {
  /// From the first spawn until the last check.
  double elapsed_s = 0;
  /// Hops passed on, as the actors counted them (R when all is right).
  std::uint64_t hops = 0;
  /// Failed checks: tokens arriving where or with a value they should not,
  /// or from the wrong sender, tokens done twice, per-actor counts not
  /// summing to R, tokens' hops not summing to R.
  std::uint64_t mismatches = 0;
};

/// Where token `k` of `p` starts and how many hops it makes.
struct ring_token_plan {
  std::uint64_t first_actor = 0;
  std::uint64_t hops = 0;
};

/// The plan of token `k` (0 <= k < p.tokens).
ring_token_plan plan_token(const ring_params& p, std::uint64_t k) noexcept;

/// Checks `p` (actors >= 2, 1 <= tokens <= min(actors, hops)).
result<void> check_ring_params(const ring_params& p);

/// Runs one ring on `system`, sealing every hop under `keys`.
result<ring_sample> run_ring(caf::actor_system& system, const seal_keys& keys,
                             const ring_params& params);

} // namespace actorbench::actors
