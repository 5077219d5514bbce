#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>

#include "actors/error.hpp"
#include "crypto/bytes.hpp"
#include "crypto/key_agreement.hpp"

namespace actorbench::actors {

/// What a connect token says, in the shape of netcode's: issued by a web
/// back-end that has authenticated the player, and checked by the game
/// server, which shares the back-end's token key.
struct token_fields {
  /// The player the back-end vouches for.
  std::uint64_t client_id = 0;
  /// Unix seconds after which the token is refused.
  std::uint64_t expiry_unix_s = 0;
  /// Unique per token under one key (the back-end counts them); a server
  /// accepts each id once.
  std::uint64_t token_id = 0;
  /// The one server address the token is good for ("host:port"); empty for
  /// any server that shares the key. At most max_address_size bytes.
  std::string server_address;
};

/// Token layout: version (1) || nonce (12) || sealed fields || tag (16);
/// the version is authenticated as associated data.
inline constexpr std::uint8_t token_version = 1;
/// Longest server_address a token carries.
inline constexpr std::size_t max_address_size = 255;
/// Longest token: every field at its largest.
inline constexpr std::size_t max_token_size =
  1 + crypto::key_agreement::nonce_size + 25 + max_address_size + crypto::key_agreement::tag_size;

/// Seals `fields` under `token_key` (32 bytes) with a random nonce.
/// Errors: bad_parameter (key size, address too long), crypto_failure.
result<crypto::bytes> issue_token(const crypto::key_agreement& aead, crypto::bytes_view token_key,
                                  const token_fields& fields);

/// A game server's check of connect tokens: authentic under the shared key,
/// not expired, for this server, and not seen before. Remembers each
/// accepted id until its token expires, in a table of bounded size. Not
/// thread-safe.
class token_verifier {
 public:
  /// `own_address` empty: tokens for any address pass. `max_seen` bounds
  /// the table of ids remembered.
  token_verifier(const crypto::key_agreement& aead, crypto::bytes token_key,
                 std::string own_address = {}, std::size_t max_seen = 65536);

  /// The token's fields if it is acceptable now, and records its id.
  /// Errors: malformed_input (size, version), authentication_failed (forged,
  /// another key), token_expired, token_reused, bad_parameter (for another
  /// server address), limit_reached (the table is full of unexpired ids).
  result<token_fields> accept(crypto::bytes_view token, std::uint64_t now_unix_s);

  /// Ids remembered now.
  std::size_t seen() const noexcept { return seen_.size(); }

 private:
  /// Forgets the ids whose tokens have expired.
  void prune(std::uint64_t now_unix_s);

  const crypto::key_agreement& aead_;
  crypto::bytes key_;
  std::string own_address_;
  std::size_t max_seen_;
  std::unordered_map<std::uint64_t, std::uint64_t> seen_;
};

} // namespace actorbench::actors
