#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>
#include <caf/local_actor.hpp>

#include "bench/scenarios/fanout/payload.hpp"
#include "actors/runtime/context_strategy.hpp"
#include "actors/runtime/countdown_latch.hpp"
#include "crypto/backend.hpp"
#include "crypto/cipher_context.hpp"

namespace actorbench::actors {

/// What every sender of one run shares; senders only read it, apart from
/// counting down `destroyed`.
struct sender_job {
  sender_job(caf::actor collector, const crypto::backend* backend,
             const crypto::cipher_info* cipher, context_strategy context,
             std::unique_ptr<crypto::cipher_context> prototype, payload data, std::size_t senders)
    : collector(std::move(collector)),
      backend(backend),
      cipher(cipher),
      context(context),
      prototype(std::move(prototype)),
      data(std::move(data)),
      spawned(senders),
      destroyed(senders) {}

  caf::actor collector;
  const crypto::backend* backend;
  const crypto::cipher_info* cipher;
  context_strategy context;
  /// The keyed context senders clone or threads cache, or nullptr with
  /// crypto off (then a sender replies with the plaintext as is, like the Erlang experiment).
  std::unique_ptr<crypto::cipher_context> prototype;
  payload data;
  /// Counted down as senders are spawned: the end of the spawn phase.
  mutable countdown_latch spawned;
  /// Counted down as each sender is destroyed: the end of teardown.
  mutable countdown_latch destroyed;
  /// Called once by the last sender destroyed, if set (a worker node
  /// answers the driver with it; a callback, as no actor may block on a latch).
  std::function<void()> on_all_destroyed;
  /// Set to stop spawning this job's senders (a worker node whose requester
  /// went away); the senders not spawned then count as destroyed.
  mutable std::atomic<bool> cancelled{false};
  /// Set, if not null, to stop every job sharing it (a worker node stopping
  /// on SIGTERM), with the same effect.
  std::shared_ptr<const std::atomic<bool>> stop_all;

  /// Spawning should stop.
  bool stopped() const noexcept {
    return cancelled.load(std::memory_order_relaxed)
           || (stop_all && stop_all->load(std::memory_order_relaxed));
  }
};

/// Counts `n` senders of `job` that will never be spawned as spawned and
/// destroyed, so that the latches and on_all_destroyed still come.
void skip_senders(const sender_job& job, std::size_t n);

/// Spawns one sender: it gets a cipher context as `job->context` says,
/// decrypts its copy of the ciphertext, replies (id, plaintext) to the
/// collector and terminates.
void spawn_sender(caf::actor_system& system, std::shared_ptr<const sender_job> job,
                  std::uint32_t id);

/// The same, spawned by the actor `parent`: CAF then queues the sender on the
/// worker thread running `parent` instead of round-robin from outside.
void spawn_sender(caf::local_actor& parent, std::shared_ptr<const sender_job> job,
                  std::uint32_t id);

} // namespace actorbench::actors
