#include "actors/remote/node_spawner.hpp"

#include <algorithm>
#include <memory>
#include <tuple>

#include <caf/atom.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/send.hpp>
#include <caf/sec.hpp>

#include "actors/fanout/sender.hpp"
#include "actors/remote/remote_messages.hpp"
#include "actors/suite/mailbox_remote.hpp"
#include "actors/suite/pingpong_remote.hpp"
#include "crypto/registry.hpp"

namespace actorbench::actors {

namespace {

/// Sent by the last sender of a share to be destroyed (local only).
using destroyed_atom = caf::atom_constant<caf::atom("destroyed")>;

result<std::shared_ptr<sender_job>> make_job(const remote_spawn_request& req, caf::actor relay) {
  auto context = parse_context_strategy(req.context);
  if (!context)
    return error{errc::bad_parameter, "unknown context strategy '" + req.context + "'"};
  const crypto::backend* backend = nullptr;
  const crypto::cipher_info* cipher = nullptr;
  std::unique_ptr<crypto::cipher_context> prototype;
  if (req.crypto) {
    auto found = crypto::registry::instance().find_pair(req.backend, req.cipher);
    if (!found)
      return error{errc::crypto_failure, found.err().detail};
    std::tie(backend, cipher) = *found;
    auto ctx = backend->make_context(cipher->name, req.key);
    if (!ctx)
      return error{errc::crypto_failure, ctx.err().detail};
    prototype = std::move(*ctx);
  }
  payload data{req.plaintext, req.key, req.nonce, req.ciphertext};
  return std::make_shared<sender_job>(std::move(relay), backend, cipher, *context,
                                      std::move(prototype), std::move(data), req.count);
}

// Runs one driver's share on this node: spawns its senders with itself as
// their collector, forwards their replies in batches, answers the request
// once they are all destroyed, then quits.
class share_actor : public caf::event_based_actor {
 public:
  share_actor(caf::actor_config& cfg, std::size_t batch)
    : caf::event_based_actor(cfg), batch_size_(std::max<std::size_t>(batch, 1)) {}

  caf::behavior make_behavior() override {
    return {
      [this](remote_spawn_request& req) { start(req); },
      [this](const reply& r) { relay(r); },
      [this](destroyed_atom) {
        destroyed_ = true;
        answer_when_done();
      },
    };
  }

 private:
  void start(const remote_spawn_request& req) {
    promise_ = make_response_promise();
    collector_ = req.collector;
    batch_.source = req.source;
    expected_ = req.count;
    auto spawn = parse_spawn_strategy(req.spawn);
    auto job = make_job(req, caf::actor_cast<caf::actor>(this));
    if (!job || !spawn || req.count == 0) {
      auto detail = !job     ? job.err().detail
                    : !spawn ? "unknown spawn strategy '" + req.spawn + "'"
                             : "no senders";
      caf::anon_send(collector_, node_failure{req.source, detail});
      promise_.deliver(caf::make_error(caf::sec::runtime_error, detail));
      return quit();
    }
    // The job holds this actor as the senders' collector; the callback
    // keeps it referenced until the last sender is gone.
    (*job)->on_all_destroyed = [self = caf::actor_cast<caf::actor>(this)] {
      caf::anon_send(self, destroyed_atom::value);
    };
    job_ = *job;
    batch_.replies.reserve(std::min(batch_size_, expected_));
    spawn_senders(system(), job_, req.first, std::size_t{req.first} + req.count, *spawn);
  }

  void relay(const reply& r) {
    batch_.replies.push_back(r);
    ++relayed_;
    if (batch_.replies.size() >= batch_size_ || relayed_ == expected_) {
      caf::anon_send(collector_, batch_);
      batch_.replies.clear();
    }
  }

  void answer_when_done() {
    if (!destroyed_ || relayed_ < expected_)
      return;
    auto n = static_cast<std::uint32_t>(expected_);
    promise_.deliver(remote_spawn_done{n, n});
    job_.reset();
    quit();
  }

  std::size_t batch_size_;
  caf::response_promise promise_;
  caf::actor collector_;
  std::shared_ptr<sender_job> job_;
  reply_batch batch_;
  std::size_t expected_ = 0;
  std::size_t relayed_ = 0;
  bool destroyed_ = false;
};

class node_spawner_actor : public caf::event_based_actor {
 public:
  node_spawner_actor(caf::actor_config& cfg, std::size_t batch)
    : caf::event_based_actor(cfg), batch_(batch) {}

  caf::behavior make_behavior() override {
    return {
      [this](remote_spawn_request& req) {
        // The share actor answers the request in our place.
        return delegate(spawn<share_actor>(batch_), std::move(req));
      },
      // One pingpong pair's pong, answered with its handle.
      [this](const pong_spawn_request& req) -> caf::result<caf::actor> {
        auto pong = spawn_requested_pong(system(), req);
        if (!pong)
          return caf::make_error(caf::sec::runtime_error, pong.err().detail);
        return *pong;
      },
      // A mailbox run's senders on this node, aimed at the driver's receiver.
      [this](const mailbox_senders_request& req) -> caf::result<std::uint32_t> {
        auto spawned = spawn_requested_mailbox_senders(system(), req);
        if (!spawned)
          return caf::make_error(caf::sec::runtime_error, spawned.err().detail);
        return *spawned;
      },
    };
  }

 private:
  std::size_t batch_;
};

} // namespace

caf::actor spawn_node_spawner(caf::actor_system& system, std::size_t batch) {
  return system.spawn<node_spawner_actor>(batch);
}

} // namespace actorbench::actors
