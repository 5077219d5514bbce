#include "bench/scenarios/fanout/sender.hpp"

#include <algorithm>

#include <caf/scheduled_actor.hpp>
#include <caf/send.hpp>

#include "bench/scenarios/fanout/reply.hpp"
#include "actors/runtime/thread_context_cache.hpp"

namespace actorbench::actors {

namespace {

// A sender never receives a message, so it derives from CAF's scheduled_actor
// rather than event_based_actor: no behavior to set up, and a shallower class
// for the dynamic_cast CAF 0.17.6's worker does on every job (together about
// 900 fewer instructions per sender, measured with callgrind).
class sender_actor : public caf::scheduled_actor {
 public:
  // What spawn() needs to deduce the handle type: a dynamically typed actor.
  using signatures = caf::none_t;
  using behavior_type = caf::behavior;

  sender_actor(caf::actor_config& cfg, std::shared_ptr<const sender_job> job, std::uint32_t id)
    : caf::scheduled_actor(cfg), job_(std::move(job)), id_(id) {}

  ~sender_actor() override {
    if (job_->destroyed.count_down() && job_->on_all_destroyed)
      job_->on_all_destroyed();
  }

  void initialize() override {
    caf::scheduled_actor::initialize();
    setf(is_initialized_flag);
    // Anonymous: the mailbox element then holds no reference to this actor,
    // so its memory is freed at termination, not when the collector gets to
    // the reply. With no behavior, the actor terminates right after this.
    caf::anon_send(job_->collector, make_reply());
  }

 private:
  reply make_reply() const {
    reply r;
    r.id = id_;
    const payload& p = job_->data;
    if (job_->prototype == nullptr) {
      r.size = static_cast<std::uint8_t>(p.plaintext.size());
      std::copy(p.plaintext.begin(), p.plaintext.end(), r.text.begin());
      return r;
    }
    auto n = decrypt(p, r.text.data());
    r.ok = static_cast<bool>(n);
    r.size = r.ok ? static_cast<std::uint8_t>(*n) : 0;
    return r;
  }

  crypto::result<std::size_t> decrypt(const payload& p, std::uint8_t* out) const {
    const auto& job = *job_;
    switch (job.context) {
      case context_strategy::per_message:
        return job.backend->decrypt_once(job.cipher->name, p.key, p.nonce, p.ciphertext, out);
      case context_strategy::per_thread:
        if (auto* ctx = thread_cached_context(*job.backend, *job.cipher, p.key, *job.prototype))
          return ctx->decrypt(p.nonce, p.ciphertext, out);
        break;
      case context_strategy::per_actor:
        // Each sender owns its context, as an actor in a server would.
        if (auto ctx = job.prototype->clone())
          return ctx->decrypt(p.nonce, p.ciphertext, out);
        break;
    }
    return crypto::make_error(crypto::errc::backend_failure, "cannot create a cipher context");
  }

  std::shared_ptr<const sender_job> job_;
  std::uint32_t id_;
};

} // namespace

void skip_senders(const sender_job& job, std::size_t n) {
  if (n == 0)
    return;
  job.spawned.count_down(n);
  if (job.destroyed.count_down(n) && job.on_all_destroyed)
    job.on_all_destroyed();
}

void spawn_sender(caf::actor_system& system, std::shared_ptr<const sender_job> job,
                  std::uint32_t id) {
  system.spawn<sender_actor>(std::move(job), id);
}

void spawn_sender(caf::local_actor& parent, std::shared_ptr<const sender_job> job,
                  std::uint32_t id) {
  parent.spawn<sender_actor>(std::move(job), id);
}

} // namespace actorbench::actors
