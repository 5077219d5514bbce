#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <caf/actor.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/meta/type_name.hpp>

#include "bench/scenarios/fanout/reply.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/scenarios/shared/shipped_keys.hpp"
#include "crypto/bytes.hpp"

namespace actorbench::actors {

/// The driver asks a worker node to run its share of a fan-out: spawn
/// senders with ids [first, first + count), each decrypting `ciphertext`
/// and replying to `collector` on the driver's node. The node answers with
/// remote_spawn_done once every one of these senders is destroyed.
struct remote_spawn_request {
  caf::actor collector;
  /// Which of the collector's reply sources this share is.
  std::uint32_t source = 0;
  std::uint32_t first = 0;
  std::uint32_t count = 0;
  bool crypto = false;
  /// Names, resolved on the node through its own registry.
  std::string backend;
  std::string cipher;
  std::string context;
  std::string spawn;
  std::string plaintext;
  crypto::bytes key;
  crypto::bytes nonce;
  crypto::bytes ciphertext;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, remote_spawn_request& x) {
  return f(caf::meta::type_name("actorbench.remote_spawn_request"), x.collector, x.source, x.first,
           x.count, x.crypto, x.backend, x.cipher, x.context, x.spawn, x.plaintext, x.key, x.nonce,
           x.ciphertext);
}

/// The answer to remote_spawn_request: how many senders the node spawned
/// and saw destroyed.
struct remote_spawn_done {
  std::uint32_t spawned = 0;
  std::uint32_t destroyed = 0;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, remote_spawn_done& x) {
  return f(caf::meta::type_name("actorbench.remote_spawn_done"), x.spawned, x.destroyed);
}

/// Replies of senders on a worker node, gathered there so the network
/// carries one message per chunk; the collector checks each reply alone.
struct reply_batch {
  std::uint32_t source = 0;
  std::vector<reply> replies;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, reply_batch& x) {
  return f(caf::meta::type_name("actorbench.reply_batch"), x.source, x.replies);
}

/// A worker node could not run its share (e.g. it lacks the cipher): sent
/// to the collector so the run fails at once instead of timing out.
struct node_failure {
  std::uint32_t source = 0;
  std::string detail;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, node_failure& x) {
  return f(caf::meta::type_name("actorbench.node_failure"), x.source, x.detail);
}

/// The driver asks a worker node for the pong of one pingpong pair; the
/// node answers with the pong's handle. With crypto on the pong seals and
/// opens under the same key and plaintext as the driver's ping.
struct pong_spawn_request {
  /// The pong's sealer id, unique in the run.
  std::uint32_t sender = 1;
  shipped_keys keys;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, pong_spawn_request& x) {
  return f(caf::meta::type_name("actorbench.pong_spawn_request"), x.sender, x.keys);
}

/// The driver asks a worker node for mailbox senders [first, first + count)
/// of a run, each sending `messages` messages (`burst` a turn) to
/// `receiver` on the driver's node, sealed under `keys`. The node answers
/// with the number of senders it spawned.
struct mailbox_senders_request {
  caf::actor receiver;
  std::uint32_t first = 0;
  std::uint32_t count = 0;
  /// The run's sender count (the receiver's dense sender ids).
  std::uint32_t senders = 0;
  std::uint64_t messages = 0;
  std::uint64_t burst = 64;
  /// A suite_fault, applied by sender 0 as in a local run.
  std::uint8_t fault = 0;
  shipped_keys keys;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, mailbox_senders_request& x) {
  return f(caf::meta::type_name("actorbench.mailbox_senders_request"), x.receiver, x.first, x.count,
           x.senders, x.messages, x.burst, x.fault, x.keys);
}

/// Registers every type above (and reply, and the suite's sealed_payload) with `cfg`, which must
/// also load the middleman; both the driver and the worker nodes need this.
void add_remote_message_types(caf::actor_system_config& cfg);

} // namespace actorbench::actors
