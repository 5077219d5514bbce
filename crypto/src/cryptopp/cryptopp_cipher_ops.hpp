#pragma once
// Internal to the Crypto++ back-end: what its AEAD and stream cipher files
// hand the back-end for each cipher, and the errors all of them report.

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>

#include <cryptopp/secblock.h>

#include "crypto/bytes.hpp"
#include "crypto/cipher_context.hpp"
#include "crypto/cipher_info.hpp"
#include "crypto/error.hpp"
#include "once_by_direction_backend.hpp"

namespace actorbench::crypto::detail {

/// The tag every Crypto++ AEAD here appends.
inline constexpr std::size_t cryptopp_tag_size = 16;

/// A context's copy of its key: Crypto++'s objects hold pointers into
/// themselves, so a clone re-keys from it instead of copying them.
using cryptopp_key_copy = CryptoPP::SecByteBlock;

/// One cipher: how to make a keyed context, and how naive code runs one
/// message (encrypt_once, decrypt_once) with the arguments already checked.
struct cryptopp_cipher_ops {
  std::unique_ptr<cipher_context> (*make)(const cipher_info&, bytes_view key);
  result<std::size_t> (*once)(direction, const cipher_info&, bytes_view key, bytes_view nonce,
                              bytes_view in, std::uint8_t* out);
};

/// The AEADs (cryptopp_aead.cpp) and stream ciphers (cryptopp_stream.cpp).
cryptopp_cipher_ops cryptopp_aes_gcm();
cryptopp_cipher_ops cryptopp_chacha20_poly1305();
cryptopp_cipher_ops cryptopp_xchacha20_poly1305();
cryptopp_cipher_ops cryptopp_aes_ctr();
cryptopp_cipher_ops cryptopp_chacha20();

/// A Crypto++ exception as the cipher's backend_failure.
inline error cryptopp_failure(const cipher_info& info, const std::exception& e) {
  return make_error(errc::backend_failure, info.name + ": Crypto++: " + e.what());
}

} // namespace actorbench::crypto::detail
