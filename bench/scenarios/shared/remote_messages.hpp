#pragma once

#include <caf/actor_system_config.hpp>

namespace actorbench::actors {

/// Registers the sealed messages and shipped keys of the message-passing
/// suite's scenarios (sealed_message.hpp, shipped_keys.hpp) with `cfg`, for
/// the scenarios that send them between nodes.
void add_sealed_message_types(caf::actor_system_config& cfg);

} // namespace actorbench::actors
