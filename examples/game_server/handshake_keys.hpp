#pragma once

// The handshake's key material both programs make the same way: the game's
// key agreement and a fresh static X25519 key pair (the server's identity,
// or the key a man-in-the-middle client pins instead of the server's).

#include <string>

#include "actors/session_pool/handshake.hpp"
#include "command_line.hpp"
#include "crypto/key_agreement.hpp"

namespace game {

/// A key agreement and a static key pair made with it.
struct handshake_keys {
  const actorbench::crypto::key_agreement* ka = nullptr;
  actorbench::actors::server_identity identity;
};

/// OpenSSL's key agreement and a fresh key pair (its secret kept in
/// OpenSSL's own form too, for the server's DHs); or one line saying why not.
parsed<handshake_keys> make_handshake_keys();

} // namespace game
