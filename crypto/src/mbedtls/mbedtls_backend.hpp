#pragma once

#include <memory>

#include "crypto/backend.hpp"

namespace actorbench::crypto {

/// The Mbed TLS 2.28 back-end: AES-CTR, AES-GCM, ChaCha20 and
/// ChaCha20-Poly1305, with OpenSSL's semantics.
std::unique_ptr<backend> make_mbedtls_backend();

} // namespace actorbench::crypto
