#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "crypto/backend.hpp"
#include "crypto/bytes.hpp"
#include "crypto/cipher_info.hpp"

namespace actorbench::actors {

/// What a session pool is made of.
struct session_pool_config {
  /// Session actors, with ids 0..sessions-1.
  std::size_t sessions = 0;
  /// Back-end and cipher every session decrypts with; must outlive the pool
  /// (the registry's do).
  const crypto::backend* backend = nullptr;
  const crypto::cipher_info* cipher = nullptr;
  /// Gets (std::uint32_t session_id, crypto::bytes plaintext) for every
  /// packet that decrypted, as an anonymous message.
  caf::actor handler;
  /// One key per session (`sessions` keys of the cipher's key size), e.g.
  /// from each client's handshake. When empty, keys are derived from
  /// `master_key` instead.
  std::vector<crypto::bytes> keys;
  /// A key of the cipher's key size; session i's key is then the cipher's
  /// keystream under `master_key` with nonce i (little-endian, zero-padded).
  /// Deterministic, for demos and tests; real servers supply `keys`.
  crypto::bytes master_key;
};

/// Counters of a pool, each read atomically (together they are not one
/// snapshot while packets are moving).
struct pool_metrics {
  /// Sessions not yet terminated.
  std::size_t sessions = 0;
  /// Packets accepted by deliver().
  std::uint64_t delivered = 0;
  /// Packets decrypted and handed to the handler, and their plaintext bytes.
  std::uint64_t decrypted = 0;
  std::uint64_t bytes = 0;
  /// Packets dropped as shorter than nonce + tag.
  std::uint64_t malformed = 0;
  /// Packets dropped because decryption failed (AEAD: the tag did not verify).
  std::uint64_t auth_failures = 0;
  /// Delivered but not yet handled: the sessions' total mailbox depth.
  std::uint64_t in_flight = 0;

  std::uint64_t failures() const noexcept { return malformed + auth_failures; }
  /// Packets a session has finished with, either way.
  std::uint64_t handled() const noexcept { return decrypted + failures(); }
};

/// Session actors on the user's actor system, one per client, each with its
/// own key and cipher context. A packet is the nonce (cipher nonce_size
/// bytes) followed by the ciphertext (with the tag for AEAD ciphers). The
/// pool must be destroyed before its actor system.
class session_pool {
 public:
  /// Keys a context per session and spawns the sessions (lazily: a session
  /// is first scheduled by its first packet). Errors: bad_parameter (no
  /// sessions, more than 2^32, no back-end, cipher or handler, keys of the
  /// wrong count or size), crypto_failure (a context could not be made).
  static result<std::unique_ptr<session_pool>> create(caf::actor_system& system,
                                                      session_pool_config config);

  /// Stops the sessions, waiting at most 10 s.
  ~session_pool();

  session_pool(const session_pool&) = delete;
  session_pool& operator=(const session_pool&) = delete;

  /// Sends an encrypted packet to session `id`; false for an unknown id or a
  /// stopped pool. Callable from any thread, but not during destruction.
  bool deliver(std::uint32_t id, crypto::bytes packet);

  pool_metrics metrics() const noexcept;

  /// Session `id`'s key, so that a client or test can encrypt for it;
  /// `id` must be below size().
  const crypto::bytes& key(std::uint32_t id) const { return keys_.at(id); }

  std::size_t size() const noexcept { return sessions_.size(); }

  /// Makes every session quit (packets still queued are dropped unhandled)
  /// and waits at most `limit` for them to terminate; true if they all did.
  /// Afterwards deliver() refuses everything. Calling it again only waits.
  bool stop(std::chrono::milliseconds limit = std::chrono::seconds{10});

  /// What every session shares with the pool; defined in session_pool.cpp.
  struct shared;

 private:
  session_pool(std::shared_ptr<shared> state, std::vector<crypto::bytes> keys,
               std::vector<caf::actor> sessions);

  std::shared_ptr<shared> state_;
  std::vector<crypto::bytes> keys_;
  std::vector<caf::actor> sessions_;
};

} // namespace actorbench::actors
