#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "actors/error.hpp"
#include "crypto/backend.hpp"
#include "crypto/bytes.hpp"
#include "crypto/cipher_context.hpp"
#include "crypto/cipher_info.hpp"

namespace actorbench::actors {

// The secure channel's key chain. Epoch 0's key is a handshake's Split key;
// epoch n+1's is Noise's REKEY of epoch n's. Every key of the chain has
// Noise's 32 bytes; an AEAD with a shorter key (AES-128-GCM) is keyed with
// its first key_size bytes, and REKEY runs under that AEAD as keyed.

/// Bytes in every key of the chain.
inline constexpr std::size_t epoch_key_size = 32;

/// Noise's maxnonce, 2^64-1, as a ChaChaPoly or AESGCM nonce: 4 zero bytes,
/// then n in 8 bytes (little-endian for ChaChaPoly, big-endian for AESGCM:
/// eight 0xff bytes either way), then zeros up to `size` for an AEAD with a
/// longer nonce, which Noise does not define (XChaCha20-Poly1305).
/// `out` holds `size` (at least 12) bytes.
void rekey_nonce(std::uint8_t* out, std::size_t size) noexcept;

/// REKEY(k) of Noise (revision 34, section 4.2): the first 32 bytes of
/// ENCRYPT(k, maxnonce, empty associated data, 32 zero bytes), `keyed`
/// being the AEAD keyed with k. Errors: crypto_failure.
result<crypto::bytes> noise_rekey(crypto::cipher_context& keyed);

/// `aead` keyed with the first key_size bytes of `key`; the whole key is
/// wiped, made or not. Errors: crypto_failure.
result<std::unique_ptr<crypto::cipher_context>> keyed_epoch(const crypto::backend& backend,
                                                            const crypto::cipher_info& aead,
                                                            crypto::bytes& key);

} // namespace actorbench::actors
