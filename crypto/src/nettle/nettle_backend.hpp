#pragma once

#include <memory>

#include "crypto/backend.hpp"

namespace actorbench::crypto {

/// The Nettle back-end ("nettle"): AES-CTR, ChaCha20, AES-GCM and
/// ChaCha20-Poly1305 with OpenSSL's semantics, on Nettle's own context structs.
std::unique_ptr<backend> make_nettle_backend();

} // namespace actorbench::crypto
