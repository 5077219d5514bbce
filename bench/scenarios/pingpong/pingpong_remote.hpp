#pragma once

#include <chrono>
#include <vector>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/message_handler.hpp>
#include <caf/meta/type_name.hpp>

#include "actors/error.hpp"
#include "bench/harness/node_part.hpp"
#include "actors/remote/remote_node.hpp"
#include "bench/scenarios/pingpong/pingpong.hpp"
#include "bench/scenarios/shared/shipped_keys.hpp"

namespace actorbench::actors {

/// The driver asks a worker node for the pong of one pingpong pair; the
/// node answers with the pong's handle. With crypto on the pong seals and
/// opens under the same key and plaintext as the driver's ping.
struct pong_spawn_request {
  /// The pong's sealer id, unique in the run.
  std::uint32_t sender = 1;
  shipped_keys keys;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, pong_spawn_request& x) {
  return f(caf::meta::type_name("actorbench.pong_spawn_request"), x.sender, x.keys);
}

/// Registers pingpong's messages between the driver and worker nodes.
void add_pingpong_message_types(caf::actor_system_config& cfg);

/// A worker node's handler of pong_spawn_request: answers with the pong's handle.
caf::message_handler pingpong_node_handlers(caf::event_based_actor* node,
                                            const bench::node_context&);

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
