#pragma once

#include <cstddef>
#include <memory>

#include <caf/actor_system.hpp>

#include "bench/scenarios/fanout/sender.hpp"
#include "bench/scenarios/fanout/spawn_strategy.hpp"

namespace actorbench::actors {

/// Senders a chain spawner starts per step.
inline constexpr std::size_t default_spawn_chunk = 256;

/// Spawns senders with ids [first, end) for `job` the way `strategy` says,
/// counting each one down on `job->spawned`. With `chain` this returns once
/// the first spawners are started; the spawning goes on in the scheduler.
void spawn_senders(caf::actor_system& system, std::shared_ptr<const sender_job> job,
                   std::size_t first, std::size_t end, spawn_strategy strategy,
                   std::size_t chunk = default_spawn_chunk);

} // namespace actorbench::actors
