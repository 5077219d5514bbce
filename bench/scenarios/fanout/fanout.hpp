#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "bench/scenarios/fanout/collector.hpp"
#include "bench/scenarios/fanout/payload.hpp"
#include "bench/scenarios/fanout/spawn_strategy.hpp"
#include "actors/remote/remote_node.hpp"
#include "actors/runtime/context_strategy.hpp"
#include "crypto/backend.hpp"

namespace actorbench::actors {

/// One fan-out run: a collector plus `procs` senders, as in the Erlang experiment.
struct fanout_params {
  std::size_t procs = 10000;
  /// Off: senders reply with the plaintext as is; on: each decrypts first.
  bool crypto = false;
  /// Back-end and cipher that made `data`; used when `crypto` is on.
  const crypto::backend* backend = nullptr;
  const crypto::cipher_info* cipher = nullptr;
  payload data;
  /// Who spawns the senders.
  spawn_strategy spawn = spawn_strategy::chain;
  /// Where each sender's cipher context comes from: by default a context
  /// reused by every sender on the same thread, since the senders share one
  /// key and copying a keyed OpenSSL context per actor costs more than the
  /// decryption itself (bench/NOTEBOOK.md: the fan-out).
  context_strategy context = context_strategy::per_thread;
  /// Longest wait for all replies, and again for teardown.
  std::chrono::milliseconds timeout{60000};
  /// Worker nodes that run a share of the senders each (connect_node);
  /// empty: every sender runs here. The ids are split as evenly as possible,
  /// this node taking the first share.
  std::vector<remote_node> nodes;
};

/// One node's share of a run with worker nodes, timed on this node's clock
/// from just before the first spawn.
struct node_sample {
  /// "local" or the worker node's HOST:PORT.
  std::string name;
  std::size_t senders = 0;
  /// Replies from this node's senders the collector received.
  std::size_t replies = 0;
  /// The collector had every reply of this node's share.
  double replies_s = 0;
  /// Every sender of the share was destroyed (for a worker node: when its
  /// answer saying so was read, which happens once every reply is in).
  double teardown_s = 0;
};

/// Times of one run, each measured from just before the first spawn.
struct fanout_sample {
  /// The last sender was spawned.
  double spawn_s = 0;
  /// The collector had every reply: the original experiment's figure.
  double replies_s = 0;
  /// Every sender was destroyed.
  double teardown_s = 0;
  collector_report report;
  /// Per node, this one first, when the run had worker nodes; else empty.
  std::vector<node_sample> nodes;
};

/// Upper estimate of the memory a fan-out needs per sender, for refusing runs
/// that cannot fit. Spawned from main, nearly every sender can be alive at
/// once (actor, mailbox element, reply, context: ~1.1 KB measured). Chain
/// spawning bounds the live set by its chunks; what grows with the count is
/// the collector's id bitmap and any backlog of replies (8-11 bytes per
/// sender measured at 100,000 and 1,000,000).
constexpr std::size_t fanout_bytes_per_proc(spawn_strategy s) {
  return s == spawn_strategy::main ? 2048 : 64;
}

/// Runs one fan-out on `system` and waits (bounded by `params.timeout`) for
/// all replies and for every sender to be destroyed. Keying the prototype
/// context happens before the clock starts. With worker nodes, a node that
/// fails or goes down before its share is in ends the run with
/// errc::node_failure at once.
result<fanout_sample> run_fanout(caf::actor_system& system, const fanout_params& params);

} // namespace actorbench::actors
