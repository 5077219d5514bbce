#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include <caf/actor.hpp>
#include <caf/atom.hpp>
#include <caf/behavior.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/stateful_actor.hpp>

#include "actors/suite/pingpong_board.hpp"
#include "actors/suite/sealed_message.hpp"
#include "actors/suite/suite_fault.hpp"

namespace actorbench::actors {

// One pingpong pair: the ping sends round-trip number i (with crypto on,
// beside a payload it sealed), the pong opens the payload, seals its own and
// echoes i; the ping opens that, checks the echo is i and sends i + 1. With
// crypto off a message is the bare number: the echo check is the check.

/// After its last round trip a ping asks a remote pong for its counts
/// (the pong's openers report to the node's keys, not the driver's): the
/// pong answers (pingpong_done_atom, handled, forged, replayed) and quits.
using pingpong_done_atom = caf::atom_constant<caf::atom("ppdone")>;

/// How a pong is set up (on the local system or on a node).
struct pong_config {
  /// The run's keys; must outlive the pong (or be kept alive by `keep`).
  const seal_keys* keys = nullptr;
  /// Keeps `keys` alive when the pong owns them (on a node).
  std::shared_ptr<const seal_keys> keep;
  /// The pong's sealer id, unique in the run.
  std::uint32_t sender = 1;
  /// miscount: echo a wrong number once, at round trip `fault_at`.
  suite_fault fault = suite_fault::none;
  std::uint64_t fault_at = 0;
  /// On a node: answer pingpong_done_atom with its counts, and quit when
  /// the ping goes down.
  bool remote = false;
};

/// How a ping is set up.
struct ping_config {
  caf::actor pong;
  std::size_t pair = 0;
  std::uint64_t round_trips = 1;
  /// Every this many round trips one is timed.
  std::uint64_t sample_every = 32;
  const seal_keys* keys = nullptr;
  /// The ping's sealer id, unique in the run.
  std::uint32_t sender = 0;
  /// forge or replay: done once, to the message of round trip `fault_at`.
  suite_fault fault = suite_fault::none;
  std::uint64_t fault_at = 0;
  std::shared_ptr<pingpong_board> board;
  /// The pong is on a node: collect its counts into `keys` at the end.
  bool remote_pong = false;
};

/// The pong's state: the ping it answers (the sender of its first
/// message) and its crypto.
struct pong_state {
  pong_config cfg;
  caf::actor ping;
  message_sealer sealer;
  message_opener opener;
  /// Round-trip numbers echoed.
  std::uint64_t handled = 0;
};

/// The ping's state.
struct ping_state {
  ping_config cfg;
  /// The round trip in flight.
  std::uint64_t next = 0;
  std::uint64_t mismatches = 0;
  std::chrono::steady_clock::time_point sent_at;
  std::vector<double> latency_s;
  message_sealer sealer;
  message_opener opener;
  /// The payload kept for suite_fault::replay.
  sealed_payload kept;
  bool finished = false;
};

/// Echoes each round-trip number to the ping until it is told to exit.
caf::behavior pong_actor(caf::stateful_actor<pong_state>* self, pong_config cfg);

/// Sends cfg.round_trips round trips one after the other, checks each echo,
/// reports to cfg.board and tells the pong to exit. If the pong goes down
/// first, or a seal fails, it reports the failure.
caf::behavior ping_actor(caf::stateful_actor<ping_state>* self, ping_config cfg);

} // namespace actorbench::actors
