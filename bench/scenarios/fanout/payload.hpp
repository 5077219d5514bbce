#pragma once

#include <cstddef>
#include <string>

#include "actors/error.hpp"
#include "crypto/backend.hpp"
#include "crypto/bytes.hpp"
#include "crypto/cipher_info.hpp"

namespace actorbench::actors {

/// The Erlang experiment's message: "Hello World!".
inline constexpr std::string_view seed_plaintext = "Hello World!";

/// The Erlang experiment's AES-128 key, 0123456789ABCDEFF0123456789ABCDE.
inline constexpr std::string_view seed_key_hex = "0123456789abcdeff0123456789abcde";

/// Largest plaintext a sender's reply carries (replies are fixed-size).
inline constexpr std::size_t max_plaintext_size = 64;

/// What every sender decrypts: one ciphertext made once, before timing.
struct payload {
  std::string plaintext;
  crypto::bytes key;
  crypto::bytes nonce;
  crypto::bytes ciphertext;
};

/// Encrypts `plaintext` with `cipher` of `backend` under the experiment's key
/// (repeated to the cipher's key length) and an all-zero nonce, as the experiment does.
result<payload> make_payload(const crypto::backend& backend, const crypto::cipher_info& cipher,
                             std::string_view plaintext = seed_plaintext);

} // namespace actorbench::actors
