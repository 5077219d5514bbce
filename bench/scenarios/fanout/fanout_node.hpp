#pragma once

#include <caf/event_based_actor.hpp>
#include <caf/message_handler.hpp>

#include "bench/harness/node_part.hpp"

namespace actorbench::actors {

/// A worker node's handler of the fan-out's remote_spawn_request: starts a
/// share actor that spawns the requested senders on this node, relays their
/// replies to the driver's collector in batches of default_spawn_chunk, and
/// answers remote_spawn_done once every one of them is destroyed (or an
/// error, also sent to the collector as node_failure, when this node cannot
/// run the share).
///
/// A share beyond `ctx.limits` (or malformed: sizes that do not fit the
/// cipher, ids past 32 bits, no collector) is refused with the reason. A
/// share stops spawning when its collector goes down (the driver went away)
/// or when `ctx.stop` is set (this node is stopping); it then answers with
/// an error.
caf::message_handler fanout_node_handlers(caf::event_based_actor* node,
                                          const bench::node_context& ctx);

} // namespace actorbench::actors
