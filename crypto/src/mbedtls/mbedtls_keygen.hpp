#pragma once

#include <memory>

#include "crypto/key_generator.hpp"

namespace actorbench::crypto {

/// Mbed TLS's key generator: RSA, EC P-256/P-384 and X25519 from a CTR_DRBG
/// seeded from the entropy source, exported with mbedtls_pk_write_key_der
/// (X25519: the raw 32-byte private key) and validated by OpenSSL
/// (crypto/foreign_key.hpp).
result<std::unique_ptr<key_generator>> make_mbedtls_key_generator(const keygen_request& request);

} // namespace actorbench::crypto
