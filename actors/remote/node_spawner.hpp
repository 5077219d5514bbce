#pragma once

#include <cstddef>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>

#include "actors/fanout/spawner.hpp"

namespace actorbench::actors {

/// Spawns the actor a worker node publishes. For each remote_spawn_request
/// it starts a share actor that spawns the requested senders on this node,
/// relays their replies to the driver's collector in batches of `batch`,
/// and answers remote_spawn_done once every one of them is destroyed (or
/// an error, also sent to the collector as node_failure, when this node
/// cannot run the share). For each pong_spawn_request it spawns one
/// pingpong pong (see actors/suite/pingpong_remote.hpp) and answers with
/// its handle. For each mailbox_senders_request it spawns that share of a
/// mailbox run's senders (see actors/suite/mailbox_remote.hpp) and answers
/// how many.
caf::actor spawn_node_spawner(caf::actor_system& system, std::size_t batch = default_spawn_chunk);

} // namespace actorbench::actors
