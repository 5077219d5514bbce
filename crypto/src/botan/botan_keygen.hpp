#pragma once

#include <memory>

#include "crypto/key_generator.hpp"

namespace actorbench::crypto {

/// A Botan key generator for `request` (request.backend "botan"): RSA, EC P-256
/// and P-384, X25519 and Ed25519, handed to OpenSSL for validation
/// (crypto/foreign_key.hpp); errc::unknown_cipher for DH.
result<std::unique_ptr<key_generator>> make_botan_key_generator(const keygen_request& request);

} // namespace actorbench::crypto
