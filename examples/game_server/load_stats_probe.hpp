#pragma once

// The load generator's probe of the server's counters: one stats request
// over TCP (a UDP server serves stats on its TCP port only).

#include <cstdint>
#include <string>

#include <caf/actor_system.hpp>

#include "command_line.hpp"
#include "packet_codec.hpp"

namespace game::load_generator {

/// The server's counters, or why they could not be had (at most about 5 s).
game::parsed<game::server_stats> ask_stats(caf::actor_system& sys, game::transport,
                                           const std::string& host, std::uint16_t port);

} // namespace game::load_generator
