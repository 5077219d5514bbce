#pragma once

#include <memory>

#include "crypto/backend.hpp"

namespace actorbench::crypto {

/// The libsodium back-end: "chacha20-ietf" (default), "xchacha20" and the
/// AEAD "aes-256-gcm", which libsodium only offers on CPUs with AES-NI and
/// PCLMUL and which is then listed as unavailable.
std::unique_ptr<backend> make_sodium_backend();

} // namespace actorbench::crypto
