#pragma once

#include <chrono>
#include <vector>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "bench/scenarios/shared/remote_messages.hpp"
#include "actors/remote/remote_node.hpp"
#include "bench/scenarios/pingpong/pingpong.hpp"

namespace actorbench::actors {

/// On a worker node: the pong `req` asks for, with its own copy of the
/// run's keys (resolved through this node's registry). Errors:
/// crypto_failure (the node lacks the back-end or cipher, or a bad key).
result<caf::actor> spawn_requested_pong(caf::actor_system& system, const pong_spawn_request& req);

/// On the driver: each pair's pong spawned on `nodes`, round robin (pair p
/// on node p mod n), under `keys`; each request waits at most `timeout`.
/// Run with pingpong_params::remote_pongs set.
pong_spawner remote_pongs(caf::actor_system& system, std::vector<remote_node> nodes,
                          const seal_keys& keys, std::chrono::milliseconds timeout);

} // namespace actorbench::actors
