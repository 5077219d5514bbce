#pragma once
// Internal to the crypto library: Ed25519 signatures with an OpenSSL key, for
// the OpenSSL generator's validate() and for sign() and verify().

#include <openssl/evp.h>

#include "crypto/bytes.hpp"
#include "crypto/error.hpp"

namespace actorbench::crypto::detail {

/// Signs `message` with an OpenSSL Ed25519 key (one-shot, no digest).
result<bytes> openssl_sign(EVP_PKEY* pkey, bytes_view message);

/// Whether `signature` of `message` verifies; a bad signature is false, not
/// an error.
result<bool> openssl_verify(EVP_PKEY* pkey, bytes_view message, bytes_view signature);

} // namespace actorbench::crypto::detail
