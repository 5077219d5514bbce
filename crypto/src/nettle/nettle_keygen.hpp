#pragma once

#include <memory>

#include "crypto/error.hpp"
#include "crypto/key_generator.hpp"

namespace actorbench::crypto {

/// A generator of Nettle/hogweed keys (RSA, EC P-256 and P-384, X25519,
/// Ed25519), handed to OpenSSL for validation; errc::unknown_cipher for DH.
result<std::unique_ptr<key_generator>> make_nettle_key_generator(const keygen_request& request);

} // namespace actorbench::crypto
