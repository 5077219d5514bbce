#pragma once

// The server's handshakes, off the middleman's one multiplexer thread: the
// broker forwards each hello's bytes to one of a few workers (actors on the
// scheduler), which run actors::respond() (a few hundred µs of CPU each),
// open the pool session keyed by it and answer with the session's id and
// the reply for the wire; or, when sessions wait for the client's first
// authenticated packet (UDP), answer with the session's receiving half for
// the broker to open it with, and its sending half, which seals the
// server's `bye` (UDP has no close that only the server can send).

#include <memory>

#include <caf/allowed_unsafe_message_type.hpp>

#include <caf/actor.hpp>
#include <caf/atom.hpp>
#include <caf/behavior.hpp>
#include <caf/event_based_actor.hpp>

#include "actors/session_pool/handshake.hpp"
#include "actors/session_pool/secure_channel.hpp"
#include "actors/session_pool/session_pool.hpp"
#include "command_line.hpp"
#include "crypto/key_agreement.hpp"

namespace game {

/// To a worker: (handshake_atom, std::uint64_t ticket, crypto::bytes hello).
using handshake_atom = caf::atom_constant<caf::atom("handshake")>;
/// From a worker: (welcomed_atom, ticket, std::uint32_t session, crypto::bytes reply);
/// the session is open in the pool and is the receiver's to close.
using welcomed_atom = caf::atom_constant<caf::atom("welcomed")>;
/// From a worker when `defer_sessions`: (pending_atom, ticket,
/// pending_receiver, session_sender, crypto::bytes reply); no session is
/// open yet.
using pending_atom = caf::atom_constant<caf::atom("pending")>;
/// From a worker: (refused_atom, ticket, std::string why); no session opened.
using refused_atom = caf::atom_constant<caf::atom("refused")>;

/// A handshake's receiving half, not yet a session (move-only, so shared to
/// travel in a message; the broker is its only holder).
using pending_receiver = std::shared_ptr<actorbench::actors::channel_receiver>;
/// A session's sending half (server to client), shared likewise to travel.
using session_sender = std::shared_ptr<actorbench::actors::channel_sender>;

/// What every worker reads; immutable once the workers run.
struct handshake_context {
  const actorbench::crypto::key_agreement* ka = nullptr;
  actorbench::actors::server_identity identity;
  aead_choice aead;
  /// Weak: main stops and destroys the pool after the broker is gone, and a
  /// worker may still be finishing a hello then.
  std::weak_ptr<actorbench::actors::session_pool> pool;
  /// Open no session: hand the receiver to the broker, which opens the
  /// session on the client's first packet that decrypts (WireGuard's
  /// responder likewise waits for the initiator's first transport packet),
  /// and the sender, with which the broker seals its `bye` (UDP).
  bool defer_sessions = false;
};

/// A worker answering each hello to `broker`.
caf::behavior handshake_worker(caf::event_based_actor* self,
                               std::shared_ptr<const handshake_context> ctx, caf::actor broker);

} // namespace game

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(game::pending_receiver)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(game::session_sender)
