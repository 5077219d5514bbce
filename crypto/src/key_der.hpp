#pragma once

// Internal to the crypto library: the two private-key DER encodings that
// libraries without a DER writer of their own (Nettle, libgcrypt) hand to
// make_foreign_key. Both are what OpenSSL's d2i_AutoPrivateKey reads.

#include <array>
#include <cstddef>

#include "crypto/bytes.hpp"

namespace actorbench::crypto::detail {

/// The integers of a PKCS#1 RSAPrivateKey, each big-endian unsigned.
struct rsa_private_parts {
  bytes n, e, d, p, q, d_mod_p1, d_mod_q1, q_inv_mod_p;
};

/// PKCS#1 RSAPrivateKey DER (version 0, two primes).
bytes der_rsa_private_key(const rsa_private_parts& parts);

/// RFC 5915 ECPrivateKey DER on P-256 (`bits` 256) or P-384 (384): the
/// private scalar `d` big-endian (shorter values are left-padded) and the
/// public point uncompressed (0x04 || x || y). Empty for any other `bits`.
bytes der_ec_private_key(std::size_t bits, bytes_view d, bytes_view public_point);

} // namespace actorbench::crypto::detail
