#pragma once

#include <memory>

#include "crypto/key_generator.hpp"

namespace actorbench::crypto {

/// OpenSSL's key generator: every algorithm, the referee the other libraries'
/// keys are validated by (foreign_key.hpp).
result<std::unique_ptr<key_generator>> make_openssl_key_generator(const keygen_request& request);

} // namespace actorbench::crypto
