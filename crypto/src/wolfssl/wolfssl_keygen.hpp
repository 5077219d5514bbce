#pragma once

#include <memory>

#include "crypto/key_generator.hpp"

namespace actorbench::crypto {

/// wolfCrypt's key generator: RSA, EC P-256/P-384, X25519 and Ed25519,
/// exported as DER (RSA: PKCS#1, EC: SEC1) or raw 32-byte private keys and
/// validated by OpenSSL (crypto/foreign_key.hpp).
result<std::unique_ptr<key_generator>> make_wolfssl_key_generator(const keygen_request& request);

} // namespace actorbench::crypto
