#pragma once

#include <cstddef>
#include <string>

namespace actorbench::crypto {

/// Static description of one cipher offered by a back-end.
struct cipher_info {
  /// Name used on the command line, e.g. "aes-128-ctr".
  std::string name;
  /// Key length in bytes.
  std::size_t key_size = 0;
  /// Nonce or IV length in bytes.
  std::size_t nonce_size = 0;
  /// Bytes an encryption adds to the message (the AEAD tag; 0 for stream ciphers).
  std::size_t overhead = 0;
  /// Whether an authentication tag is checked on decrypt.
  bool aead = false;
  /// Whether this machine and library build can run it.
  bool available = true;
  /// Why it is unavailable, empty when available.
  std::string unavailable_reason;
};

} // namespace actorbench::crypto
