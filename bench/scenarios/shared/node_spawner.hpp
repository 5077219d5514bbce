#pragma once

#include <atomic>
#include <cstddef>
#include <memory>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>

#include "actors/remote/remote_node.hpp"
#include "bench/scenarios/fanout/spawner.hpp"
#include "bench/scenarios/shared/node_limits.hpp"

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
///
/// A share beyond `limits` (or malformed: sizes that do not fit the cipher,
/// ids past 32 bits, no collector) is refused with the reason. A share stops
/// spawning when its collector goes down (the driver went away) or when
/// `stop` is set (this node is stopping); it then answers with an error.
caf::actor spawn_node_spawner(caf::actor_system& system, node_limits limits = {},
                              std::shared_ptr<const std::atomic<bool>> stop = nullptr,
                              std::size_t batch = default_spawn_chunk);

/// The node spawner as a worker node's published service (serve_node).
node_service node_spawner_service(node_limits limits = {});

} // namespace actorbench::actors
