#pragma once

#include <memory>

#include "crypto/backend.hpp"

namespace actorbench::crypto {

/// The wolfSSL (wolfCrypt) back-end: AES-CTR, AES-GCM, ChaCha20,
/// ChaCha20-Poly1305 and XChaCha20-Poly1305, with OpenSSL's semantics.
std::unique_ptr<backend> make_wolfssl_backend();

} // namespace actorbench::crypto
