#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "actors/error.hpp"
#include "actors/session_pool/connect_token.hpp"
#include "crypto/bytes.hpp"
#include "crypto/key_agreement.hpp"

namespace actorbench::actors {

// A Noise NK-shaped handshake: the client knows (pins) the server's static
// X25519 key; one message each way.
//   client_hello: type 1 || version 1 || e (32) || AEAD(k_es, token) (token + 16)
//   server_reply: type 2 || version 1 || e (32) || AEAD(k_ee, empty) (16)
// Both ends hash every byte of both messages, and the server's static key,
// into the transcript h; k_es comes from DH(e_c, s) and k_ee from
// DH(e_s, e_c), chained with HKDF. Only the holder of s can read the hello
// or make a reply that verifies (server authentication); the session keys
// depend on ephemeral secrets only, which are wiped (forward secrecy).

/// Message types and the protocol version, the first two bytes of each.
inline constexpr std::uint8_t hello_type = 1;
inline constexpr std::uint8_t reply_type = 2;
inline constexpr std::uint8_t handshake_version = 1;
/// Sizes: the fixed part of a hello (no token), the largest one, a reply.
inline constexpr std::size_t hello_min_size = 2 + 32 + crypto::key_agreement::tag_size;
inline constexpr std::size_t hello_max_size = hello_min_size + max_token_size;
inline constexpr std::size_t reply_size = 2 + 32 + crypto::key_agreement::tag_size;

/// A client hello's parts, pointing into the parsed bytes.
struct client_hello_view {
  crypto::bytes_view ephemeral;
  /// The encrypted token with its tag (just a tag when there is none).
  crypto::bytes_view sealed_token;
};

/// A server reply's parts, pointing into the parsed bytes.
struct server_reply_view {
  crypto::bytes_view ephemeral;
  crypto::bytes_view tag;
};

/// Splits untrusted bytes into a hello's parts without allocating; nullopt
/// when the type, version or size is wrong.
std::optional<client_hello_view> parse_client_hello(crypto::bytes_view in) noexcept;

/// The same for a server reply.
std::optional<server_reply_view> parse_server_reply(crypto::bytes_view in) noexcept;

/// The server's long-term X25519 key pair, whose public key clients pin.
struct server_identity {
  crypto::bytes public_key, secret_key;
  /// The secret in the key agreement's own form, made once for every
  /// respond() (null: respond() loads secret_key each time, as it must for
  /// another key agreement than the one that prepared it).
  std::shared_ptr<const crypto::prepared_secret> prepared;
  /// A fresh pair, prepared. Errors: crypto_failure.
  static result<server_identity> generate(const crypto::key_agreement& ka);
};

/// One side's keys after a handshake: the client's send key is the server's
/// receive key and the other way round. 32 bytes each.
struct session_keys {
  crypto::bytes send, receive;
  /// The final transcript hash, the same on both sides (a session id for
  /// logs, or for binding a later exchange to this one).
  std::array<std::uint8_t, 32> transcript{};
};

/// A server's outcome for one hello: the reply to send and the keys.
struct accepted_client {
  crypto::bytes reply;
  session_keys keys;
  /// The connect token's fields when a verifier checked one.
  std::optional<token_fields> token;
};

/// The running hash and chaining key of a handshake (internal to both sides).
struct handshake_state {
  crypto::digest h{}, ck{};
  handshake_state() = default;
  handshake_state(const handshake_state&) = default;
  handshake_state& operator=(const handshake_state&) = default;
  /// The chaining key leads to the session keys: no copy outlives its use.
  ~handshake_state() {
    crypto::wipe(ck);
    crypto::wipe(h);
  }
};

/// The client's side: begin() makes the hello, finish() checks the reply.
class client_handshake {
 public:
  /// A hello to the server whose public key is `server_public`, carrying
  /// `token` (encrypted; may be empty). Errors: bad_parameter (key or token
  /// size), crypto_failure.
  static result<client_handshake> begin(const crypto::key_agreement& ka,
                                        crypto::bytes_view server_public,
                                        crypto::bytes_view token = {});

  /// The message to send.
  crypto::bytes_view hello() const noexcept { return hello_; }

  /// Checks the server's reply and derives the session keys; works once.
  /// A reply that fails changes nothing, so the real reply may still follow
  /// one injected by someone else. Errors: malformed_input,
  /// authentication_failed (another server key, a tampered message),
  /// bad_parameter (after it succeeded once).
  result<session_keys> finish(crypto::bytes_view server_reply);

  client_handshake(client_handshake&&) noexcept = default;
  /// Wipes this handshake's ephemeral secret before taking `other`'s.
  client_handshake& operator=(client_handshake&& other) noexcept;
  ~client_handshake();

 private:
  client_handshake() = default;
  /// Wipes the ephemeral secret, both as bytes and in the library's form.
  void forget_ephemeral() noexcept;
  const crypto::key_agreement* ka_ = nullptr;
  handshake_state state_;
  /// Prepared, so that both of its DHs skip loading the secret.
  crypto::prepared_key_pair ephemeral_;
  crypto::bytes hello_;
};

/// The server's side of one hello: checks it (and its token when `verifier`
/// is set; nullptr means tokens are not required and not read) and makes the
/// reply. Errors: malformed_input, authentication_failed (a hello for
/// another server key, tampered, or without a required token), the token's
/// errors from token_verifier::accept, crypto_failure.
result<accepted_client> respond(const crypto::key_agreement& ka, const server_identity& identity,
                                crypto::bytes_view hello, token_verifier* verifier,
                                std::uint64_t now_unix_s);

} // namespace actorbench::actors
