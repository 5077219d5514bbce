#include "bench/scenarios/fanout/fanout_node.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <tuple>

#include <caf/atom.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/send.hpp>
#include <caf/sec.hpp>

#include "bench/scenarios/fanout/fanout.hpp"
#include "bench/scenarios/fanout/sender.hpp"
#include "bench/scenarios/fanout/fanout_messages.hpp"
#include "bench/scenarios/fanout/spawner.hpp"
#include "crypto/registry.hpp"

namespace actorbench::actors {

namespace {

/// Sent by the last sender of a share to be destroyed (local only).
using destroyed_atom = caf::atom_constant<caf::atom("destroyed")>;

std::string mib(double bytes) {
  auto tenths = static_cast<long long>(bytes / (1024.0 * 1024.0) * 10 + 0.5);
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " MiB";
}

// Why this node refuses `req` on sizes alone, or "" when it does not. Every
// size is checked before anything is spawned or allocated: the senders
// decrypt into a fixed reply of max_plaintext_size bytes.
std::string refusal(const remote_spawn_request& req, const bench::node_limits& limits) {
  if (req.count > limits.max_senders)
    return "a share of " + std::to_string(req.count) + " senders exceeds this node's limit of "
           + std::to_string(limits.max_senders);
  if (req.count == 0)
    return "no senders";
  if (!req.collector)
    return "the request names no collector";
  if (std::uint64_t{req.first} + req.count > std::uint64_t{1} << 32)
    return "sender ids " + std::to_string(req.first) + " + " + std::to_string(req.count)
           + " exceed 32 bits";
  // The strategies cross the wire as their enums' numbers: any number may come.
  if (req.context != context_strategy::per_message && req.context != context_strategy::per_actor
      && req.context != context_strategy::per_thread)
    return "an unknown context strategy (" + std::to_string(static_cast<int>(req.context)) + ")";
  if (req.spawn != spawn_strategy::main && req.spawn != spawn_strategy::chain)
    return "an unknown spawn strategy (" + std::to_string(static_cast<int>(req.spawn)) + ")";
  for (const auto* name : {&req.backend, &req.cipher})
    if (name->size() > 64)
      return "a name of " + std::to_string(name->size()) + " bytes (at most 64)";
  if (!req.crypto && req.plaintext.size() > max_plaintext_size)
    return "a plaintext of " + std::to_string(req.plaintext.size()) + " bytes (at most "
           + std::to_string(max_plaintext_size) + ")";
  return {};
}

// The same for what depends on the cipher, once it is known.
std::string cipher_refusal(const remote_spawn_request& req, const crypto::cipher_info& c) {
  if (req.key.size() != c.key_size || req.nonce.size() != c.nonce_size)
    return "a key of " + std::to_string(req.key.size()) + " and a nonce of "
           + std::to_string(req.nonce.size()) + " bytes, where " + c.name + " takes "
           + std::to_string(c.key_size) + " and " + std::to_string(c.nonce_size);
  if (req.ciphertext.size() < c.overhead || req.ciphertext.size() - c.overhead > max_plaintext_size)
    return "a ciphertext of " + std::to_string(req.ciphertext.size()) + " bytes (at most "
           + std::to_string(max_plaintext_size + c.overhead) + " with " + c.name + ")";
  return {};
}

result<std::shared_ptr<sender_job>> make_job(const remote_spawn_request& req, caf::actor relay) {
  const crypto::backend* backend = nullptr;
  const crypto::cipher_info* cipher = nullptr;
  std::unique_ptr<crypto::cipher_context> prototype;
  if (req.crypto) {
    auto found = crypto::registry::instance().find_pair(req.backend, req.cipher);
    if (!found)
      return error{errc::crypto_failure, found.err().detail};
    std::tie(backend, cipher) = *found;
    if (auto why = cipher_refusal(req, *cipher); !why.empty())
      return error{errc::bad_parameter, why};
    auto ctx = backend->make_context(cipher->name, req.key);
    if (!ctx)
      return error{errc::crypto_failure, ctx.err().detail};
    prototype = std::move(*ctx);
  }
  payload data{req.plaintext, req.key, req.nonce, req.ciphertext};
  return std::make_shared<sender_job>(std::move(relay), backend, cipher, req.context,
                                      std::move(prototype), std::move(data), req.count);
}

// What a node's shares share.
struct node_state {
  bench::node_limits limits;
  std::shared_ptr<const std::atomic<bool>> stop;
  std::size_t batch;
  /// The estimated memory of the shares running now.
  std::atomic<std::uint64_t> reserved{0};
};

// Runs one driver's share on this node: spawns its senders with itself as
// their collector, forwards their replies in batches, answers the request
// once they are all destroyed, then quits. It sends as itself, so that the
// driver knows which node (connection) each batch came from.
class share_actor : public caf::event_based_actor {
 public:
  share_actor(caf::actor_config& cfg, std::shared_ptr<node_state> node)
    : caf::event_based_actor(cfg),
      node_(std::move(node)),
      batch_size_(std::max<std::size_t>(node_->batch, 1)) {}

  caf::behavior make_behavior() override {
    set_down_handler([this](const caf::down_msg& down) {
      // The driver went away (or its collector ended): nobody wants the rest.
      if (job_ && down.source == collector_.address() && relayed_ < expected_)
        stop_share("its driver went away");
    });
    return {
      [this](remote_spawn_request& req) { start(req); },
      [this](const reply& r) { relay(r); },
      [this](destroyed_atom) {
        destroyed_ = true;
        answer_when_done();
      },
    };
  }

  void on_exit() override {
    node_->reserved.fetch_sub(reserved_);
    reserved_ = 0;
  }

 private:
  void refuse(const remote_spawn_request& req, const std::string& detail) {
    if (collector_)
      send(collector_, node_failure{req.source, detail});
    promise_.deliver(caf::make_error(caf::sec::runtime_error, detail));
    quit();
  }

  void start(const remote_spawn_request& req) {
    promise_ = make_response_promise();
    collector_ = req.collector;
    batch_.source = req.source;
    expected_ = req.count;
    if (auto why = refusal(req, node_->limits); !why.empty())
      return refuse(req, why);
    if (auto why = reserve(req.count, req.spawn); !why.empty())
      return refuse(req, why);
    auto job = make_job(req, caf::actor_cast<caf::actor>(this));
    if (!job)
      return refuse(req, job.err().detail);
    // The job holds this actor as the senders' collector; the callback
    // keeps it referenced until the last sender is gone.
    (*job)->on_all_destroyed = [self = caf::actor_cast<caf::actor>(this)] {
      caf::anon_send(self, destroyed_atom::value);
    };
    (*job)->stop_all = node_->stop;
    job_ = *job;
    // Told by the collector's proxy itself, not through this actor's
    // mailbox, where the notice would queue behind a backlog of replies.
    caf::actor_cast<caf::abstract_actor*>(collector_)
      ->attach_functor([weak = std::weak_ptr<sender_job>{job_}](const caf::error&) {
        if (auto j = weak.lock(); j && j->spawned.remaining() > 0)
          j->cancelled = true;
      });
    monitor(collector_);
    batch_.replies.reserve(std::min(batch_size_, expected_));
    spawn_senders(system(), job_, req.first, std::size_t{req.first} + req.count, req.spawn);
  }

  // Takes this share's estimated memory from the node's budget, or says why not.
  std::string reserve(std::uint64_t count, spawn_strategy s) {
    auto need = count * fanout_bytes_per_proc(s);
    const auto& budget = node_->limits.memory_bytes;
    auto before = node_->reserved.fetch_add(need);
    reserved_ = need;
    if (!budget || before + need <= *budget)
      return {};
    return "a share of " + std::to_string(count) + " senders needs about " + mib(need) + " ("
           + std::to_string(fanout_bytes_per_proc(s)) + " bytes per sender) but this node's "
           + "memory budget of " + mib(*budget) + " has "
           + mib(before < *budget ? *budget - before : 0) + " left";
  }

  void stop_share(const std::string& why) {
    job_->cancelled = true;
    stop_reason_ = why;
  }

  void relay(const reply& r) {
    // A stopped share's backlog is dropped, not serialized for a driver that
    // is told the share stopped anyway: a node stopping has to be quick.
    if (job_ && job_->stopped())
      return;
    batch_.replies.push_back(r);
    ++relayed_;
    if (batch_.replies.size() >= batch_size_ || relayed_ == expected_) {
      send(collector_, batch_);
      batch_.replies.clear();
    }
  }

  void answer_when_done() {
    if (!destroyed_)
      return;
    if (relayed_ < expected_) {
      // Every sender is gone with replies missing: spawning was stopped.
      auto why = stop_reason_.empty() ? std::string{"this node is stopping"} : stop_reason_;
      return refuse_late("share stopped after " + std::to_string(relayed_) + " of "
                         + std::to_string(expected_) + " senders: " + why);
    }
    auto n = static_cast<std::uint32_t>(expected_);
    promise_.deliver(remote_spawn_done{n, n});
    job_.reset();
    quit();
  }

  void refuse_late(const std::string& detail) {
    send(collector_, node_failure{batch_.source, detail});
    promise_.deliver(caf::make_error(caf::sec::runtime_error, detail));
    job_.reset();
    quit();
  }

  std::shared_ptr<node_state> node_;
  std::size_t batch_size_;
  caf::response_promise promise_;
  caf::actor collector_;
  std::shared_ptr<sender_job> job_;
  reply_batch batch_;
  std::size_t expected_ = 0;
  std::size_t relayed_ = 0;
  std::uint64_t reserved_ = 0;
  bool destroyed_ = false;
  std::string stop_reason_;
};

} // namespace

caf::message_handler fanout_node_handlers(caf::event_based_actor* node,
                                          const bench::node_context& ctx) {
  auto state = std::make_shared<node_state>();
  state->limits = ctx.limits;
  state->stop = ctx.stop;
  state->batch = default_spawn_chunk;
  return {[node, state](remote_spawn_request& req) {
    // The share actor answers the request in our place.
    return node->delegate(node->spawn<share_actor>(state), std::move(req));
  }};
}

} // namespace actorbench::actors
