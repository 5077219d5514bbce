#pragma once
// Internal to the crypto library: a back-end whose naive per-message paths
// (encrypt_once, decrypt_once) are one function taking the direction, so
// that each back-end writes that path once.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "crypto/backend.hpp"
#include "crypto/bytes.hpp"
#include "crypto/error.hpp"

namespace actorbench::crypto::detail {

/// The direction of one message through a cipher.
enum class direction { encrypt, decrypt };

/// Implements encrypt_once and decrypt_once through once().
class once_by_direction_backend : public backend {
 public:
  result<std::size_t> encrypt_once(std::string_view cipher, bytes_view key, bytes_view nonce,
                                   bytes_view in, std::uint8_t* out) const final {
    return once(direction::encrypt, cipher, key, nonce, in, out);
  }
  result<std::size_t> decrypt_once(std::string_view cipher, bytes_view key, bytes_view nonce,
                                   bytes_view in, std::uint8_t* out) const final {
    return once(direction::decrypt, cipher, key, nonce, in, out);
  }

 protected:
  /// One message in direction `way`, the way naive code for this library
  /// writes it; the arguments as encrypt_once's or decrypt_once's.
  virtual result<std::size_t> once(direction way, std::string_view cipher, bytes_view key,
                                   bytes_view nonce, bytes_view in, std::uint8_t* out) const = 0;
};

} // namespace actorbench::crypto::detail
