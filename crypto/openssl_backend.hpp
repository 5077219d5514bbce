#pragma once

#include <memory>

#include "crypto/backend.hpp"

namespace actorbench::crypto {

/// The OpenSSL 3 back-end: "aes-128-ctr" (default), "aes-256-ctr" and
/// "chacha20". Its chacha20 takes OpenSSL's 16-byte IV, a 4-byte
/// little-endian block counter followed by the 12-byte RFC 8439 nonce.
std::unique_ptr<backend> make_openssl_backend();

} // namespace actorbench::crypto
