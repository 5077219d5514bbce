#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/scenarios/shared/suite_fault.hpp"

namespace actorbench::actors {

// spawn-tree (SkyNet; CAF's actor_creation): every actor of a tree of depth D
// and branching B spawns its B children, sums their answers and answers its
// parent; leaf i (0..L-1, left to right) answers i. The root's sum must be
// L(L-1)/2 and every one of the (B^(D+1)-1)/(B-1) actors must be counted.

/// A tree of spawn-tree: how many actors and leaves it has.
struct spawn_tree_size {
  std::uint64_t actors = 0;
  std::uint64_t leaves = 0;
};

/// The most actors one tree may have (tree indices are the 32-bit sender
/// ids of the sealed answers; this also keeps L(L-1)/2 within 64 bits).
inline constexpr std::uint64_t max_spawn_tree_actors = 1'000'000'000;

/// The size of the tree of `branching` >= 1 and `depth` >= 0, or nothing
/// when it has more than max_spawn_tree_actors actors (or B is 0).
std::optional<spawn_tree_size> size_of_spawn_tree(std::uint64_t branching, std::uint64_t depth);

/// One run's shape.
struct spawn_tree_params {
  std::uint32_t branching = 10;
  std::uint32_t depth = 6;
  /// The longest the tree may take to answer (and, after it answered, to be
  /// torn down).
  std::chrono::milliseconds timeout{60'000};
  /// For tests: forge, replay or miscount one answer (the last leaf's).
  suite_fault fault = suite_fault::none;
};

/// What one run found.
struct spawn_tree_sample {
  spawn_tree_size size;
  /// The root's sum, and the sum it must be: L(L-1)/2.
  std::uint64_t sum = 0;
  std::uint64_t expected_sum = 0;
  /// Actors counted in the root's answer (each counts itself and what its
  /// children counted); must be size.actors.
  std::uint64_t answered = 0;
  /// Answers from an actor that is not one of the receiver's children.
  std::uint64_t strangers = 0;
  /// A wrong sum, a wrong count of actors, and every stranger's answer.
  std::uint64_t mismatches = 0;
  /// From the root's spawn until the root's answer was checked.
  double elapsed_s = 0;
  /// The most actors alive at once (spawned and not yet destroyed), sampled
  /// every millisecond while the tree runs.
  std::uint64_t peak_live = 0;
};

/// Runs one tree on `system` with every answer sealed under `keys` (sender
/// id: the actor's tree index, root 0, children of k at kB+1..kB+B) and
/// opened by its parent. Waits for the root's answer and for every actor's
/// destruction, each within `params.timeout`; on expiry the tree is told to
/// stop spawning and winds down, and the error says what was missing.
result<spawn_tree_sample> run_spawn_tree(caf::actor_system& system, const seal_keys& keys,
                                         const spawn_tree_params& params);

} // namespace actorbench::actors
