#pragma once

#include <memory>

#include "crypto/key_generator.hpp"

namespace actorbench::crypto {

/// libsodium's key generator: X25519 and Ed25519 key pairs, kept as raw bytes;
/// errc::unknown_cipher for the algorithms that take a size.
result<std::unique_ptr<key_generator>> make_sodium_key_generator(const keygen_request& request);

} // namespace actorbench::crypto
