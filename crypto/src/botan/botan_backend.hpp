#pragma once

#include <memory>

#include "crypto/backend.hpp"

namespace actorbench::crypto {

/// The Botan 2 back-end ("botan"): aes-128-gcm (default), aes-256-gcm,
/// chacha20-poly1305, xchacha20-poly1305, aes-128-ctr, aes-256-ctr and
/// chacha20, each giving the same bytes as OpenSSL's cipher of that name
/// (its IV conventions included).
std::unique_ptr<backend> make_botan_backend();

} // namespace actorbench::crypto
