#pragma once

#include <memory>

#include "crypto/backend.hpp"

namespace actorbench::crypto {

/// The libsodium back-end: "chacha20-ietf" (default), "xchacha20", the AEAD
/// "aes-256-gcm", which libsodium only offers on CPUs with AES-NI and PCLMUL
/// and which is otherwise listed as unavailable, and the AEADs
/// "chacha20-poly1305-ietf" (12-byte nonce) and "xchacha20-poly1305-ietf"
/// (24-byte nonce). Every AEAD appends a 16-byte tag and takes no associated
/// data.
std::unique_ptr<backend> make_sodium_backend();

} // namespace actorbench::crypto
