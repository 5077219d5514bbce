#pragma once

#include <functional>

#include <caf/actor_system_config.hpp>

#include "actors/remote/remote_node.hpp"
#include "bench/harness/node_part.hpp"
#include "bench/harness/registry.hpp"

namespace actorbench::bench {

/// The message types of every scenario in `r` that runs on nodes: what a
/// node registers, since it serves them all.
std::function<void(caf::actor_system_config&)> message_types_of(const registry& r);

/// The actor a worker node publishes (serve_node): the handlers of every
/// scenario in `r` that runs on nodes, under `limits`.
actors::node_service node_service_of(const registry& r, node_limits limits);

} // namespace actorbench::bench
