#pragma once

#include <memory>

#include "crypto/backend.hpp"

namespace actorbench::crypto {

/// The OpenSSL 3 back-end: "aes-128-ctr" (default), "aes-256-ctr",
/// "chacha20", and the AEADs "aes-128-gcm", "aes-256-gcm" and
/// "chacha20-poly1305" (12-byte nonce, 16-byte tag appended, no associated
/// data). Its chacha20 takes OpenSSL's 16-byte IV, a 4-byte little-endian
/// block counter followed by the 12-byte RFC 8439 nonce.
std::unique_ptr<backend> make_openssl_backend();

} // namespace actorbench::crypto
