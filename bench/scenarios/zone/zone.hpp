#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "actors/session_pool/session_pool.hpp"
#include "bench/scenarios/zone/zone_counters.hpp"
#include "bench/scenarios/zone/zone_protocol.hpp"
#include "crypto/backend.hpp"
#include "crypto/bytes.hpp"
#include "crypto/cipher_info.hpp"

namespace actorbench::actors {

/// What a zone is made of.
struct zone_config {
  /// Players, with ids 0..players-1; each has a session in the zone's pool.
  std::size_t players = 0;
  /// What the sessions decrypt with (the "none" back-end for plaintext
  /// packets); must outlive the zone, as the registry's do.
  const crypto::backend* backend = nullptr;
  const crypto::cipher_info* cipher = nullptr;
  /// Session i's key is derived from it (see session_pool_config).
  crypto::bytes master_key;
  /// Plaintext bytes of an input packet: the input (player_input_size), then
  /// padding, as a game's packet carries more than a position. The zone
  /// refuses an input of another size.
  std::size_t payload_bytes = player_input_size;
};

/// Counters of a zone (each read atomically; read between ticks for a
/// consistent picture).
struct zone_metrics {
  /// Inputs the zone accepted and refused, packets the sessions dropped,
  /// and state updates that did not show a player where its client moved.
  std::uint64_t inputs = 0;
  std::uint64_t bad_inputs = 0;
  std::uint64_t dropped_inputs = 0;
  std::uint64_t state_mismatches = 0;
  /// State updates not newer than the player's previous one.
  std::uint64_t stale_updates = 0;
  /// Ticks every player has handled the update of (wait_tick returned true).
  std::uint64_t ticks_completed = 0;
  pool_metrics pool;
};

/// One zone of a game server: a session per player (a session_pool that
/// decrypts the player's packets) and a zone actor that gathers every
/// player's input each tick and broadcasts the resulting state to every
/// player session. Whoever drives the ticks calls start_tick, then
/// wait_tick, one tick at a time. Must be destroyed before its actor system.
class zone {
 public:
  using clock = std::chrono::steady_clock;

  /// Spawns the zone actor and the player sessions (keys and cipher contexts
  /// are made first). Errors as session_pool::create.
  static result<std::unique_ptr<zone>> create(caf::actor_system& system, const zone_config& config);

  /// Stops the sessions and the zone actor, waiting at most 10 s.
  ~zone();

  zone(const zone&) = delete;
  zone& operator=(const zone&) = delete;

  /// Starts tick `tick`: the zone opens it, then each player's packet,
  /// packet_for(id), is delivered to its session as a network thread would.
  /// Only after the previous tick is complete (wait_tick returned true).
  void start_tick(std::uint32_t tick,
                  const std::function<crypto::bytes(std::uint32_t)>& packet_for);

  /// Waits at most `limit` until every player has handled the tick's state
  /// update; true if they have.
  bool wait_tick(clock::duration limit);

  /// When the last player handled the last completed tick's update, and when
  /// the zone had every input of it.
  clock::time_point tick_done_at() const { return counters_->receipts.reached_at(); }
  clock::time_point fan_in_at() const;

  /// Players still to handle the current tick's update.
  std::size_t receipts_outstanding() const noexcept { return counters_->receipts.remaining(); }

  zone_metrics metrics() const;

  /// Player `id`'s session key, for its client; `id` must be below players().
  crypto::bytes key(std::uint32_t id) const { return pool_->key(id); }
  std::size_t players() const noexcept { return counters_->players; }
  const crypto::backend& backend() const noexcept { return *backend_; }
  const crypto::cipher_info& cipher() const noexcept { return *cipher_; }
  std::size_t payload_bytes() const noexcept { return payload_bytes_; }

 private:
  zone(std::shared_ptr<zone_counters> counters, caf::actor zone_actor,
       std::unique_ptr<session_pool> pool, const zone_config& config);

  std::shared_ptr<zone_counters> counters_;
  caf::actor zone_actor_;
  std::unique_ptr<session_pool> pool_;
  std::uint64_t ticks_completed_ = 0;
  const crypto::backend* backend_;
  const crypto::cipher_info* cipher_;
  std::size_t payload_bytes_;
};

} // namespace actorbench::actors
