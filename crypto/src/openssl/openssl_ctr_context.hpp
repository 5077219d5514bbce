#pragma once

// Internal to the crypto library: OpenSSL's AES-CTR without the per-message
// IV reset for short messages.

#include <memory>

#include <openssl/types.h>

#include "crypto/bytes.hpp"
#include "crypto/cipher_context.hpp"
#include "crypto/error.hpp"

namespace actorbench::crypto::detail {

/// Messages up to this size take the keystream path below; longer ones go
/// through OpenSSL's own AES-CTR, whose per-byte speed wins from about here
/// (1.35x faster at 16 KiB on this project's machines).
constexpr std::size_t ctr_keystream_limit = 1024;

/// A context for the AES-CTR cipher `info`. Short messages run the counter
/// mode here on a keyed AES-ECB context (`ecb`: AES-128-ECB or AES-256-ECB,
/// matching `key`): the nonce is the initial 128-bit big-endian counter, as in
/// OpenSSL's own AES-CTR. Why: OpenSSL 3.0 restarts a CTR context through
/// EVP_CipherInit_ex2, ~780 instructions per message (mostly an IV-length
/// parameter query), three times the cost of decrypting a short message;
/// encrypting counter blocks needs no restart. Longer messages are passed to
/// a copy of `native`, a keyed context of OpenSSL's own AES-CTR, made on the
/// first one (copying on every clone would double the clone's cost).
result<std::unique_ptr<cipher_context>> make_openssl_ctr_context(
  const cipher_info& info, EVP_CIPHER* ecb, bytes_view key,
  std::shared_ptr<const cipher_context> native);

} // namespace actorbench::crypto::detail
