#include "bench/scenarios/zone/zone_actor.hpp"

#include <chrono>

#include <caf/send.hpp>

#include "actors/session_pool/session_pool.hpp"
#include "crypto/bytes.hpp"

namespace actorbench::actors {

caf::behavior zone_actor(caf::stateful_actor<zone_actor_state>* self,
                         std::shared_ptr<zone_counters> counters, std::size_t payload_bytes) {
  self->state.positions.resize(counters->players);
  // Every input of the tick handled: one message, shared by all players
  // (CAF copies a message's contents only when a receiver writes to it).
  // Sent anonymously: CAF then spreads the woken sessions over the workers'
  // queues round robin, where self->send would queue them all on the zone's
  // worker for the others to steal one by one (twice the CPU per tick,
  // measured on 2 cores).
  auto finish_if_complete = [self, counters] {
    auto& st = self->state;
    if (st.handled < st.players.size())
      return;
    st.open = false;
    counters->fan_in_at.store(std::chrono::steady_clock::now().time_since_epoch().count());
    auto update = caf::make_message(zone_state_atom::value, st.tick, st.positions);
    for (const auto& player : st.players)
      caf::anon_send(player, update);
  };
  return {
    [self](zone_players_atom, std::vector<caf::actor>& players) {
      self->state.players = std::move(players);
    },
    [self](zone_tick_atom, std::uint32_t tick) {
      auto& st = self->state;
      st.tick = tick;
      st.open = true;
      st.handled = 0;
    },
    [self, counters, finish_if_complete, payload_bytes](std::uint32_t player,
                                                        const crypto::bytes& text) {
      auto& st = self->state;
      auto in = decode_player_input(text, payload_bytes);
      bool valid = st.open && in && in->player == player && in->tick == st.tick
                   && player < st.positions.size();
      if (valid) {
        st.positions[player] = in->where;
        counters->inputs.fetch_add(1, std::memory_order_relaxed);
      } else {
        counters->bad_inputs.fetch_add(1, std::memory_order_relaxed);
      }
      if (st.open) {
        ++st.handled;
        finish_if_complete();
      }
    },
    [self, counters, finish_if_complete](rejected_atom, std::uint32_t, caf::atom_value) {
      counters->dropped_inputs.fetch_add(1, std::memory_order_relaxed);
      if (self->state.open) {
        ++self->state.handled;
        finish_if_complete();
      }
    },
  };
}

} // namespace actorbench::actors
