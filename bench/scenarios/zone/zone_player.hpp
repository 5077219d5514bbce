#pragma once

#include <cstdint>
#include <memory>

#include <caf/message_handler.hpp>

#include "bench/scenarios/zone/zone_counters.hpp"

namespace actorbench::actors {

/// What a player's session does with the zone's state update, besides
/// decrypting its client's packets (the session pool's part): checks its own
/// entry against where its client moved and that the update is newer than
/// the last one it got, then counts down counters->receipts. A game server
/// would send the update on to its client here.
caf::message_handler zone_player(std::shared_ptr<zone_counters> counters, std::uint32_t id);

} // namespace actorbench::actors
