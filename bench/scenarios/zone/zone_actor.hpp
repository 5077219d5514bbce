#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <caf/actor.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/stateful_actor.hpp>

#include "bench/scenarios/zone/zone_counters.hpp"
#include "bench/scenarios/zone/zone_protocol.hpp"

namespace actorbench::actors {

/// What a zone keeps between messages.
struct zone_actor_state {
  /// The player sessions, indexed by player id.
  std::vector<caf::actor> players;
  /// Every player's latest position, indexed by player id.
  std::vector<position> positions;
  /// The open tick, and how many players' inputs of it were handled
  /// (accepted, refused or dropped by the session).
  std::uint32_t tick = 0;
  bool open = false;
  std::size_t handled = 0;
};

/// The zone: opens a tick on (zone_tick_atom, tick); takes each player's
/// decrypted input (std::uint32_t player, crypto::bytes plaintext) from its
/// session, or (rejected_atom, player, reason) when the session dropped it;
/// once every player's input of the tick is handled, stamps
/// counters->fan_in_at and sends every player one and the same state update
/// (zone_state_atom, tick, positions). A player whose input was dropped
/// keeps its previous position.
/// An input is `payload_bytes` long (decode_player_input).
caf::behavior zone_actor(caf::stateful_actor<zone_actor_state>* self,
                         std::shared_ptr<zone_counters> counters, std::size_t payload_bytes);

} // namespace actorbench::actors
