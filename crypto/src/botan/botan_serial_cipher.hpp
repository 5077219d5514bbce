#pragma once
// Internal to the Botan back-end: a Botan block cipher that reports a
// parallelism of 1, so that Botan's own CTR_BE and GCM key-stream buffers
// hold 4 blocks (BOTAN_BLOCK_CIPHER_PAR_MULT) instead of the 16 that AES-NI's
// parallelism of 4 asks for. CTR_BE::set_iv encrypts that whole buffer for
// every IV, which for a 12-byte message is 15 blocks of wasted AES plus
// their counter set-up. Only botan_backend.cpp includes this.

#include <memory>
#include <string>

namespace Botan {
class BlockCipher;
}

namespace actorbench::crypto::detail {

/// Botan's block cipher `spec` (e.g. "AES-128"), created by Botan and driven
/// unchanged, behind a wrapper whose parallelism() is 1. Throws what
/// Botan::BlockCipher::create_or_throw throws.
std::unique_ptr<Botan::BlockCipher> make_serial_block_cipher(const std::string& spec);

} // namespace actorbench::crypto::detail
