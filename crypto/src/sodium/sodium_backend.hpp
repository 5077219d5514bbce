#pragma once

#include <memory>

#include "crypto/backend.hpp"

namespace actorbench::crypto {

/// The libsodium back-end: "chacha20-ietf" (default), "xchacha20", the AEAD
/// "aes-256-gcm", which libsodium only offers on CPUs with AES-NI and PCLMUL
/// and which is otherwise listed as unavailable, and the AEADs
/// "chacha20-poly1305" (libsodium's _ietf variant, 12-byte nonce, as
/// OpenSSL's) and "xchacha20-poly1305" (24-byte nonce), also accepted by
/// their older names "chacha20-poly1305-ietf" and "xchacha20-poly1305-ietf".
/// Every AEAD appends a 16-byte tag and takes no associated data.
std::unique_ptr<backend> make_sodium_backend();

} // namespace actorbench::crypto
