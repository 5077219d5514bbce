#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>

#include "actors/runtime/countdown_latch.hpp"
#include "bench/scenarios/shared/live_counter.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/scenarios/shared/suite_fault.hpp"

namespace actorbench::actors {

/// What the root's receiver (the sink) found in the root's answer.
struct tree_outcome {
  std::uint64_t sum = 0;
  std::uint64_t actors = 0;
  /// The root's payload did not open (forged or replayed).
  bool rejected = false;
  /// When the answer was checked: the end of the measured time.
  std::chrono::steady_clock::time_point checked_at;
};

/// What every actor of one tree shares. Actors hold a plain pointer to it
/// (a shared_ptr's count would be one more contended line per actor), so it
/// must outlive them: run_spawn_tree waits until `live` says every actor
/// is destroyed.
struct tree_job {
  tree_job(const seal_keys& keys, std::uint32_t branching, std::uint32_t depth, suite_fault fault,
           std::uint64_t fault_index);

  const seal_keys* keys;
  /// What sealers get: `keys`, or nullptr with crypto off, where a sealer
  /// would only report seal counts nobody reads (two contended atomic adds
  /// per actor); the payload is the same.
  const seal_keys* sealing_keys;
  std::uint32_t branching;
  /// leaves_below[h]: the leaves of a subtree of height h, B^h.
  std::vector<std::uint64_t> leaves_below;
  suite_fault fault;
  /// The tree index of the actor whose answer the fault changes.
  std::uint64_t fault_index;
  live_counter live;
  /// Set on timeout: actors not yet started answer at once without
  /// spawning, so the tree winds down.
  std::atomic<bool> stop{false};
  /// Answers from actors that are not the receiver's children.
  std::atomic<std::uint64_t> strangers{0};
  /// Seals that failed (a cipher error): the run fails.
  std::atomic<std::uint64_t> seal_failures{0};
  /// Counted down once, by the sink, after it wrote `outcome`.
  countdown_latch answered{1};
  tree_outcome outcome;
};

/// Spawns the actor that receives the root's answer, opens it, writes
/// `job.outcome`, counts `job.answered` down and quits.
caf::actor spawn_tree_sink(caf::actor_system& system, tree_job& job);

/// Spawns the root (tree index 0, height = depth) answering to `sink`.
void spawn_tree_root(caf::actor_system& system, tree_job& job, const caf::actor& sink);

} // namespace actorbench::actors
