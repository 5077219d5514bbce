#include "bench/scenarios/zone/zone.hpp"

#include <algorithm>
#include <limits>

#include <caf/exit_reason.hpp>
#include <caf/send.hpp>

#include "bench/scenarios/zone/zone_actor.hpp"
#include "bench/scenarios/zone/zone_player.hpp"
#include "bench/scenarios/zone/zone_protocol.hpp"

namespace actorbench::actors {

result<std::unique_ptr<zone>> zone::create(caf::actor_system& system, const zone_config& config) {
  if (config.players == 0 || config.players > std::numeric_limits<std::uint32_t>::max())
    return error{errc::bad_parameter,
                 "players " + std::to_string(config.players) + " outside 1..2^32-1"};
  if (config.payload_bytes < player_input_size)
    return error{errc::bad_parameter, "payload of " + std::to_string(config.payload_bytes)
                                        + " bytes: below the input's "
                                        + std::to_string(player_input_size)};
  auto counters = std::make_shared<zone_counters>(config.players);
  auto zone_hdl = system.spawn(zone_actor, counters, config.payload_bytes);
  session_pool_config pc;
  pc.sessions = config.players;
  pc.backend = config.backend;
  pc.cipher = config.cipher;
  pc.handler = zone_hdl;
  pc.master_key = config.master_key;
  pc.session_behavior = [counters](std::uint32_t id) { return zone_player(counters, id); };
  pc.report_rejections = true;
  auto pool = session_pool::create(system, std::move(pc));
  if (!pool) {
    caf::anon_send_exit(zone_hdl, caf::exit_reason::user_shutdown);
    return pool.err();
  }
  std::vector<caf::actor> players;
  players.reserve(config.players);
  for (std::size_t id = 0; id < config.players; ++id)
    players.push_back((*pool)->actor(static_cast<std::uint32_t>(id)));
  caf::anon_send(zone_hdl, zone_players_atom::value, std::move(players));
  return std::unique_ptr<zone>{
    new zone(std::move(counters), std::move(zone_hdl), std::move(*pool), config)};
}

zone::zone(std::shared_ptr<zone_counters> counters, caf::actor zone_actor,
           std::unique_ptr<session_pool> pool, const zone_config& config)
  : counters_(std::move(counters)),
    zone_actor_(std::move(zone_actor)),
    pool_(std::move(pool)),
    backend_(config.backend),
    cipher_(config.cipher),
    payload_bytes_(config.payload_bytes) {}

zone::~zone() {
  pool_->stop();
  // The zone holds the sessions' handles; its exit releases them.
  caf::anon_send_exit(zone_actor_, caf::exit_reason::user_shutdown);
}

void zone::start_tick(std::uint32_t tick,
                      const std::function<crypto::bytes(std::uint32_t)>& packet_for) {
  counters_->receipts.reset(counters_->players);
  // Before any packet: every session's input reaches the zone after this.
  caf::anon_send(zone_actor_, zone_tick_atom::value, tick);
  auto n = static_cast<std::uint32_t>(counters_->players);
  for (std::uint32_t id = 0; id < n; ++id)
    pool_->deliver(id, packet_for(id));
}

bool zone::wait_tick(clock::duration limit) {
  if (!counters_->receipts.wait_for(limit))
    return false;
  ++ticks_completed_;
  return true;
}

zone::clock::time_point zone::fan_in_at() const {
  return clock::time_point{clock::duration{counters_->fan_in_at.load()}};
}

zone_metrics zone::metrics() const {
  const auto& c = *counters_;
  zone_metrics m;
  m.inputs = c.inputs.load();
  m.bad_inputs = c.bad_inputs.load();
  m.dropped_inputs = c.dropped_inputs.load();
  m.state_mismatches = c.state_mismatches.load();
  m.stale_updates = c.stale_updates.load();
  m.ticks_completed = ticks_completed_;
  m.pool = pool_->metrics();
  return m;
}

} // namespace actorbench::actors
