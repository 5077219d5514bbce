#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "bench/scenarios/zone/zone.hpp"
#include "bench/scenarios/zone/zone_protocol.hpp"
#include "crypto/backend.hpp"
#include "crypto/cipher_info.hpp"

namespace actorbench::actors {

/// One zone simulation: players, tick rate and how long ticks are scheduled.
struct zone_run_params {
  std::size_t players = 1000;
  std::size_t tick_hz = 20;
  /// Ticks are scheduled for this long: duration × tick_hz ticks (at least one).
  std::chrono::milliseconds duration{10000};
  /// What the sessions decrypt with; the "none" back-end for plaintext packets.
  const crypto::backend* backend = nullptr;
  const crypto::cipher_info* cipher = nullptr;
  /// Plaintext bytes of each input packet (zone_config::payload_bytes).
  std::size_t payload_bytes = player_input_size;
  /// A tick not complete after this ends the run with errc::timeout.
  std::chrono::milliseconds tick_timeout{10000};
  /// The run stops once more ticks than this were missed (a search probe
  /// that has failed already need not go on).
  std::size_t stop_after_missed = std::numeric_limits<std::size_t>::max();
  /// When it becomes true the run stops after the tick in progress.
  const std::atomic<bool>* stop = nullptr;
  /// Set: called on the driving thread after each tick's figures are taken
  /// (outside every timed interval) with the slots done so far, run or
  /// skipped, for a progress bar; keep it cheap, the next slot is waiting.
  std::function<void(std::size_t slots_done)> on_tick;
};

/// What one zone simulation measured. After setup, one untimed warm-up tick
/// runs every session once (CAF sets a lazily spawned actor up at its first
/// message). Then tick k's slot is
/// [t0 + k/H, t0 + (k+1)/H), t0 being the first tick's start: the schedule
/// never drifts. A tick starts at its slot's start, or as soon as the
/// previous tick is complete if that is later. A tick completes when the
/// zone has had every player's input and every player's session has handled
/// the state update; one that completes after its slot's end is missed. When
/// a tick completes beyond the end of the next slot too, the slots it ran
/// into are skipped (counted as missed) and the schedule resumes with the
/// slot that has begun, at once.
struct zone_sample {
  std::size_t players = 0;
  std::size_t tick_hz = 0;
  /// Slots in the duration.
  std::size_t ticks_scheduled = 0;
  /// Per tick run, in order: its slot, and seconds from its slot's start to
  /// its own start (late when the previous one overran), from its start
  /// until the zone had every input (fan-in), and from its start until every
  /// player had the update (the tick's latency).
  std::vector<std::uint32_t> slot;
  std::vector<double> start_lag_s;
  std::vector<double> fan_in_s;
  std::vector<double> latency_s;
  /// Ticks run that completed after their slot's end.
  std::size_t late = 0;
  /// Slots not run because an earlier tick overran them.
  std::size_t skipped = 0;
  /// Ended before its last slot (stop_after_missed or `stop`).
  bool stopped_early = false;
  /// Seconds to make keys, contexts, sessions and every input packet, and to
  /// run the warm-up tick: before the first slot, not timed.
  double setup_s = 0;
  /// CPU seconds the whole process used (all threads, user and system) and
  /// wall seconds, from the first tick's start to the last one's end: CPU
  /// well under the wall time of late ticks means the process was waiting
  /// for a core, not working.
  double tick_cpu_s = 0;
  double tick_wall_s = 0;
  /// The zone's counters after the last tick.
  zone_metrics metrics;

  std::size_t ticks_run() const noexcept { return latency_s.size(); }
  /// Missed ticks: late and skipped.
  std::size_t missed() const noexcept { return late + skipped; }
  /// Empty if the zone did its job: every input accepted, none dropped,
  /// every player handled every state update, each showing it where its
  /// client moved; otherwise what went wrong first.
  std::string problem() const;
};

/// Bytes a zone needs per player for `ticks` ticks (and the warm-up): the precomputed input
/// packets plus an upper estimate of the session actor, its cipher context,
/// key and counters, its mailbox's share of a tick's messages and its entry
/// in the state update; for refusing runs that cannot fit up front.
std::size_t zone_bytes_per_player(const crypto::cipher_info& cipher, std::size_t ticks,
                                  std::size_t payload_bytes = player_input_size) noexcept;

/// Ticks `duration` holds at `tick_hz` (at least one).
std::size_t zone_ticks(std::chrono::milliseconds duration, std::size_t tick_hz) noexcept;

/// Sets up a zone on `system` (untimed), drives its ticks on the calling
/// thread with a real clock as described at zone_sample, and tears it down.
/// Errors: bad_parameter, crypto_failure, timeout (a tick was not complete
/// within params.tick_timeout).
result<zone_sample> run_zone(caf::actor_system& system, const zone_run_params& params);

} // namespace actorbench::actors
