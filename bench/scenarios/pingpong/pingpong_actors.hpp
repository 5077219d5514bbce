#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include <caf/actor.hpp>
#include <caf/atom.hpp>
#include <caf/actor_system.hpp>

#include "bench/scenarios/pingpong/pingpong_board.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/scenarios/shared/suite_fault.hpp"

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
  std::uint64_t sample_every = 64;
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

/// Spawns a pong on `system`: it echoes each round-trip number to its ping
/// (the sender of its first message) until it is told to exit, or on a
/// node until its ping goes down.
caf::actor spawn_pong(caf::actor_system& system, pong_config cfg);

/// Spawns a ping on `system`: it sends cfg.round_trips round trips one
/// after the other, checks each echo, reports to cfg.board and tells the
/// pong to exit. If the pong goes down first, or a seal fails, it reports
/// the failure.
caf::actor spawn_ping(caf::actor_system& system, ping_config cfg);

} // namespace actorbench::actors
