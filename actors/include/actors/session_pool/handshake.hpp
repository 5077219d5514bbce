#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "actors/error.hpp"
#include "actors/session_pool/connect_token.hpp"
#include "crypto/bytes.hpp"
#include "crypto/key_agreement.hpp"

namespace actorbench::actors {

// The handshake is the Noise protocol framework's (revision 34), one
// message each way, in one of two patterns the embedder picks:
//   Noise_NK_25519_ChaChaPoly_SHA256: the client knows (pins) the server's
//     static key; the server learns nothing about the client but what the
//     first message's payload (a connect token) says.
//       -> e, es, payload          <- e, ee, payload
//   Noise_IK_25519_ChaChaPoly_SHA256: the client also has a static key the
//     server knows (WireGuard's pattern); the server authenticates it.
//       -> e, es, s, ss, payload   <- e, ee, se, payload
// Both mix in the prologue "actorbench handshake" || version first. On the
// wire each Noise message has two framing bytes before it, outside Noise:
//   hello: type (1: NK, 3: IK) || version (2) || Noise message 1
//   reply: type 2 || version 2 || Noise message 2 (48 bytes, empty payload)
// The session keys are Noise's Split(): the client sends with the first.

/// Message types and the protocol version, the framing before each message.
inline constexpr std::uint8_t hello_type = 1;
inline constexpr std::uint8_t reply_type = 2;
inline constexpr std::uint8_t ik_hello_type = 3;
inline constexpr std::uint8_t handshake_version = 2;
inline constexpr std::size_t framing_size = 2;

/// Which Noise pattern a handshake runs.
enum class handshake_pattern : std::uint8_t { nk, ik };

/// Its Noise protocol name, e.g. "Noise_NK_25519_ChaChaPoly_SHA256".
std::string_view protocol_name(handshake_pattern pattern) noexcept;

/// The prologue both sides mix in when none is given: "actorbench handshake"
/// followed by the version byte, so that a peer of another version fails to
/// verify the first message instead of misreading it.
crypto::bytes_view default_prologue() noexcept;

/// Sizes: the fixed part of a hello (no token) per pattern, the largest
/// hello, a reply (with an empty payload) and the largest reply payload.
inline constexpr std::size_t hello_min_size = framing_size + 32 + crypto::key_agreement::tag_size;
inline constexpr std::size_t ik_hello_min_size =
  hello_min_size + 32 + crypto::key_agreement::tag_size;
inline constexpr std::size_t hello_max_size = ik_hello_min_size + max_token_size;
inline constexpr std::size_t reply_size = framing_size + 32 + crypto::key_agreement::tag_size;
inline constexpr std::size_t max_reply_payload = 64;

/// A client hello's parts, pointing into the parsed bytes.
struct client_hello_view {
  handshake_pattern pattern = handshake_pattern::nk;
  crypto::bytes_view ephemeral;
  /// IK: the client's static key, encrypted, with its tag; empty for NK.
  crypto::bytes_view sealed_static;
  /// The encrypted token with its tag (just a tag when there is none).
  crypto::bytes_view sealed_token;
};

/// A server reply's parts, pointing into the parsed bytes.
struct server_reply_view {
  crypto::bytes_view ephemeral;
  /// The encrypted payload with its tag (just the tag in the game's replies).
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
/// receive key and the other way round. 32 bytes each; wiped when the
/// object goes (so every copy is).
struct session_keys {
  crypto::bytes send, receive;
  /// The final transcript hash, the same on both sides (a session id for
  /// logs, or for binding a later exchange to this one).
  std::array<std::uint8_t, 32> transcript{};
  ~session_keys() {
    crypto::wipe(send);
    crypto::wipe(receive);
  }
};

/// A server's outcome for one hello: the reply to send and the keys.
struct accepted_client {
  crypto::bytes reply;
  session_keys keys;
  /// The connect token's fields when a verifier checked one.
  std::optional<token_fields> token;
  /// IK: the client's static public key, authenticated and one of the
  /// server's known_clients; empty for NK.
  crypto::bytes client_static;
  /// The first message's decrypted payload when no verifier read it as a
  /// token (the embedder's to judge); empty otherwise.
  crypto::bytes payload;
  ~accepted_client() { crypto::wipe(payload); }
};

/// What a client runs: the pattern, its static key for IK, the prologue.
struct client_options {
  handshake_pattern pattern = handshake_pattern::nk;
  /// IK: the client's static X25519 key pair (the server must know the
  /// public key); unused for NK.
  const crypto::key_pair* static_keys = nullptr;
  /// Must be the server's (Noise mixes it in before the first message).
  crypto::bytes_view prologue = default_prologue();
};

/// What a server runs: one pattern (a hello of the other is refused).
struct server_options {
  handshake_pattern pattern = handshake_pattern::nk;
  /// IK: the client static public keys accepted (32 bytes each); a hello
  /// from any other key is refused. Required for IK.
  const std::vector<crypto::bytes>* known_clients = nullptr;
  /// Must be the clients'.
  crypto::bytes_view prologue = default_prologue();
  /// Sent encrypted in the reply (at most max_reply_payload bytes); the
  /// game sends none.
  crypto::bytes_view reply_payload;
};

/// Noise's running hash and chaining key (internal to both sides); both
/// are digests, which wipe themselves.
struct handshake_state {
  crypto::digest h, ck;
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
  /// The same in the pattern and with the prologue of `options`; IK also
  /// needs options.static_keys (bad_parameter without).
  static result<client_handshake> begin(const crypto::key_agreement& ka,
                                        crypto::bytes_view server_public, crypto::bytes_view token,
                                        const client_options& options);

  /// The message to send.
  crypto::bytes_view hello() const noexcept { return hello_; }

  /// Checks the server's reply and derives the session keys; works once.
  /// A reply that fails changes nothing, so the real reply may still follow
  /// one injected by someone else. Errors: malformed_input,
  /// authentication_failed (another server key, a tampered message),
  /// bad_parameter (after it succeeded once).
  /// `payload`, when set, receives the reply's decrypted payload.
  result<session_keys> finish(crypto::bytes_view server_reply, crypto::bytes* payload = nullptr);

  /// Whether it still holds secrets (the ephemeral and static secrets, the
  /// chaining key and hash): from begin() until finish() succeeds.
  bool holds_secrets() const noexcept;

  client_handshake(client_handshake&&) noexcept = default;
  /// Wipes this handshake's secrets before taking `other`'s.
  client_handshake& operator=(client_handshake&& other) noexcept;
  ~client_handshake();

 private:
  client_handshake() = default;
  /// Wipes the ephemeral secret (as bytes and in the library's form), the
  /// static secret and the symmetric state.
  void forget_secrets() noexcept;
  const crypto::key_agreement* ka_ = nullptr;
  handshake_state state_;
  /// Prepared, so that both of its DHs skip loading the secret.
  crypto::prepared_key_pair ephemeral_;
  /// IK: the client's static secret, for se in finish().
  crypto::bytes static_secret_;
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

/// The same in the pattern of `options`: for IK also authentication_failed
/// for a client key not in options.known_clients, bad_parameter when there
/// are none.
result<accepted_client> respond(const crypto::key_agreement& ka, const server_identity& identity,
                                crypto::bytes_view hello, token_verifier* verifier,
                                std::uint64_t now_unix_s, const server_options& options);

} // namespace actorbench::actors
