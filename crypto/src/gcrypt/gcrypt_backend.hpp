#pragma once

#include <memory>

#include "crypto/backend.hpp"

namespace actorbench::crypto {

/// The libgcrypt back-end ("gcrypt"): AES-CTR, ChaCha20, AES-GCM and
/// ChaCha20-Poly1305 with OpenSSL's semantics, on gcry_cipher handles.
std::unique_ptr<backend> make_gcrypt_backend();

} // namespace actorbench::crypto
