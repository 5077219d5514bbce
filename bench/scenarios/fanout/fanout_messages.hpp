#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <caf/actor.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/meta/type_name.hpp>

#include "actors/runtime/context_strategy.hpp"
#include "bench/scenarios/fanout/reply.hpp"
#include "bench/scenarios/fanout/spawn_strategy.hpp"
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
  context_strategy context = context_strategy::per_thread;
  spawn_strategy spawn = spawn_strategy::chain;
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

/// Registers the fan-out's messages between the driver and worker nodes
/// (the types above and reply) with `cfg`, on both sides.
void add_fanout_message_types(caf::actor_system_config& cfg);

} // namespace actorbench::actors
