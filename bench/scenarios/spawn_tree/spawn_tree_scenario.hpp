#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// `actorbench spawn-tree`: every actor of a tree of depth D and branching B
/// spawns its B children, sums their answers and answers its parent (SkyNet
/// at the defaults B=10 D=6, a million leaves; CAF's actor_creation at B=2
/// D=20). Actors spawned per second, the peak of live actors and the RSS
/// per live actor; the root's sum and actor count checked exactly.
std::unique_ptr<scenario> make_spawn_tree_scenario();

} // namespace actorbench::bench
