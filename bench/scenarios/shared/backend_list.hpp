#pragma once

#include <string>
#include <vector>

#include "crypto/backend.hpp"

namespace actorbench::bench {

/// The key kinds `backend` can generate, asked of crypto::make_key_generator
/// one request at a time: "rsa", "dh", "ec-256", "ec-384", "x25519",
/// "ed25519" as offered (a sized algorithm at its usual size: RSA and DH
/// 2048 bits). Empty for a back-end without key generation.
std::vector<std::string> keygen_offers(const crypto::backend& backend);

/// The --list text: every back-end's ciphers with key, nonce and tag bytes
/// and availability (one row per back-end and cipher), then every back-end's
/// version and key generation; lines within 100 columns.
std::string describe_backends_text();

/// The same as one JSON document: {"backends": [{"name", "version",
/// "available", "ciphers": [{"name", "key_bytes", "nonce_bytes",
/// "tag_bytes", "aead", "available", "unavailable_reason"}],
/// "key_generation": [...]}]}.
std::string describe_backends_json();

} // namespace actorbench::bench
