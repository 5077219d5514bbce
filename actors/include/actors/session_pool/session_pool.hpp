#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>
#include <caf/atom.hpp>
#include <caf/message_handler.hpp>

#include "actors/error.hpp"
#include "actors/session_pool/secure_channel.hpp"
#include "crypto/backend.hpp"
#include "crypto/cipher_context.hpp"
#include "crypto/bytes.hpp"
#include "crypto/cipher_info.hpp"

namespace actorbench::actors {

/// Tags a rejection report: (rejected_atom, std::uint32_t session_id, reason),
/// the reason being malformed_atom, forged_atom, replayed_atom or stale_atom
/// (the last two only from secure sessions).
using rejected_atom = caf::atom_constant<caf::atom("rejected")>;
/// Shorter than nonce + tag.
using malformed_atom = caf::atom_constant<caf::atom("malformed")>;
/// Decryption failed (AEAD: the tag did not verify; for a secure session
/// also a packet of an epoch it holds no key for).
using forged_atom = caf::atom_constant<caf::atom("forged")>;
/// A secure session's packet whose counter was accepted before (a replay or
/// a network duplicate).
using replayed_atom = caf::atom_constant<caf::atom("replayed")>;
/// A secure session's authentic packet older than its epoch's replay window.
using stale_atom = caf::atom_constant<caf::atom("stale")>;

/// What a session pool is made of.
struct session_pool_config {
  /// Session actors created with the pool, with ids 0..sessions-1; may be 0
  /// when sessions come and go with open() and close().
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
  /// When true, the handler also gets (rejected_atom, id, reason) for every
  /// packet a session drops, e.g. to tell the client.
  bool report_rejections = false;
  /// Optional: more messages each session understands besides packets, e.g.
  /// a game zone's state updates (send them to actor(id)). Called with the
  /// session's id when the session first runs.
  std::function<caf::message_handler(std::uint32_t session_id)> session_behavior;
};

/// Counters of a pool, each read atomically (together they are not one
/// snapshot while packets are moving).
struct pool_metrics {
  /// Sessions not yet terminated.
  std::size_t sessions = 0;
  /// Sessions ever created, at create() and by open().
  std::uint64_t opened = 0;
  /// Packets accepted by deliver().
  std::uint64_t delivered = 0;
  /// Packets decrypted and handed to the handler, and their plaintext bytes.
  std::uint64_t decrypted = 0;
  std::uint64_t bytes = 0;
  /// Packets dropped as shorter than nonce + tag.
  std::uint64_t malformed = 0;
  /// Packets dropped because decryption failed (AEAD: the tag did not
  /// verify; secure sessions: also a packet of an epoch without a key there,
  /// retired or never reached).
  std::uint64_t auth_failures = 0;
  /// Secure sessions' packets dropped as replays or duplicates (counted
  /// apart from forgeries: the network duplicates packets too).
  std::uint64_t duplicates = 0;
  /// Secure sessions' authentic packets dropped as older than the replay
  /// window.
  std::uint64_t too_old = 0;
  /// Delivered but not yet handled: the sessions' total mailbox depth.
  std::uint64_t in_flight = 0;

  /// Packets dropped for any reason.
  std::uint64_t failures() const noexcept {
    return malformed + auth_failures + duplicates + too_old;
  }
  /// Packets a session has finished with, either way.
  std::uint64_t handled() const noexcept { return decrypted + failures(); }
};

/// Session actors on the user's actor system, one per client, each with its
/// own key and cipher context. A packet is the nonce (cipher nonce_size
/// bytes) followed by the ciphertext (with the tag for AEAD ciphers). A
/// secure session (open_secure) instead takes secure_channel packets, keyed
/// by a handshake, and rejects replays and stale packets.
/// Sessions are made at create() or one at a time with open() (a client
/// connects) and ended with close() (it disconnects); ids are never reused.
/// The pool must be destroyed before its actor system.
class session_pool {
 public:
  /// Keys a context per session and spawns the sessions (lazily: a session
  /// is first scheduled by its first packet). Errors: bad_parameter (more
  /// than 2^32 sessions, no back-end, cipher or handler, keys of the wrong
  /// count or size), crypto_failure (a context could not be made).
  static result<std::unique_ptr<session_pool>> create(caf::actor_system& system,
                                                      session_pool_config config);

  /// Stops the sessions, waiting at most 10 s.
  ~session_pool();

  session_pool(const session_pool&) = delete;
  session_pool& operator=(const session_pool&) = delete;

  /// Sends an encrypted packet to session `id`; false for an unknown id or a
  /// stopped pool. Callable from any thread, but not during destruction.
  bool deliver(std::uint32_t id, crypto::bytes packet);

  /// Adds a session keyed with `key` and returns its id (the next unused
  /// one). Errors: bad_parameter (a key of the wrong size, a stopped pool,
  /// 2^32 ids used up), crypto_failure (no context). Callable from any thread.
  result<std::uint32_t> open(crypto::bytes key);

  /// Adds a secure session that opens packets with `receiver` (the receive
  /// half of the server's secure_channel after a handshake; the pool's
  /// cipher is not used) and returns its id. Errors: bad_parameter (a stopped
  /// pool, 2^32 ids used up). key(id) is empty for it. Callable from any
  /// thread.
  result<std::uint32_t> open_secure(channel_receiver receiver);

  /// Ends session `id` once it has handled the packets delivered so far;
  /// deliver() refuses the id from now on. False for an unknown id.
  /// Callable from any thread.
  bool close(std::uint32_t id);

  pool_metrics metrics() const noexcept;

  /// Session `id`'s key, so that a client or test can encrypt for it;
  /// empty for an id that is not open.
  crypto::bytes key(std::uint32_t id) const;

  /// Session `id`'s actor, for the messages of `session_behavior` (packets
  /// go through deliver(), which counts them); invalid for an id not open.
  caf::actor actor(std::uint32_t id) const;

  /// Sessions opened and not closed (stop() keeps them, for key()).
  std::size_t size() const;

  /// Makes every session quit (packets still queued are dropped unhandled)
  /// and waits at most `limit` for them to terminate; true if they all did.
  /// Afterwards deliver() refuses everything. Calling it again only waits.
  bool stop(std::chrono::milliseconds limit = std::chrono::seconds{10});

  /// What every session shares with the pool; defined in session_pool.cpp.
  struct shared;

 private:
  struct session {
    caf::actor actor;
    crypto::bytes key;
  };

  session_pool(caf::actor_system& system, const crypto::backend& backend,
               std::shared_ptr<shared> state);

  /// Spawns session `id` with its context or its receiver; the caller holds mtx_.
  void spawn_session(std::uint32_t id, crypto::bytes key,
                     std::unique_ptr<crypto::cipher_context> context,
                     std::optional<channel_receiver> receiver = std::nullopt);

  /// The next id, or bad_parameter; the caller holds mtx_.
  result<std::uint32_t> next_id() const;

  caf::actor_system& system_;
  const crypto::backend& backend_;
  std::shared_ptr<shared> state_;
  mutable std::mutex mtx_;
  std::unordered_map<std::uint32_t, session> sessions_;
  std::uint64_t next_id_ = 0;
};

} // namespace actorbench::actors
