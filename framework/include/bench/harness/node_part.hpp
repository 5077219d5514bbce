#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include <caf/actor_system_config.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/message_handler.hpp>

namespace actorbench::bench {

/// What a worker node accepts from a driver; a request beyond these is
/// refused with the reason, sent to the driver.
struct node_limits {
  /// Actors one request may spawn on the node: the driver's own cap on --procs.
  std::uint64_t max_senders = 100'000'000;
  /// Memory the requests running at once may need, estimated as the driver
  /// does; unset: not checked.
  std::optional<std::uint64_t> memory_bytes;
};

/// What a scenario's handlers on a node get from the node.
struct node_context {
  node_limits limits;
  /// Set when the node stops: running work then answers that it is stopping.
  std::shared_ptr<const std::atomic<bool>> stop;
};

/// A scenario's part on worker nodes (`node` command): the message types
/// its actors send between nodes, and the handlers the actor a node
/// publishes runs for the scenario's requests. The driver's side registers
/// the same types. Both empty: the scenario runs in one process only.
struct node_part {
  std::function<void(caf::actor_system_config&)> add_message_types;
  std::function<caf::message_handler(caf::event_based_actor* node, const node_context&)> handlers;
};

} // namespace actorbench::bench
