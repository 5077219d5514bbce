#pragma once

// Internal to the crypto library: the argument checks every back-end shares,
// so that all of them report the same error codes with the same wording.

#include <optional>
#include <string>
#include <string_view>

#include "crypto/backend.hpp"
#include "crypto/bytes.hpp"
#include "crypto/cipher_info.hpp"
#include "once_by_direction_backend.hpp"
#include "crypto/error.hpp"

namespace actorbench::crypto::detail {

/// Comma-separated cipher names of `b`, for error details.
std::string cipher_names(const backend& b);

/// errc::unknown_cipher naming the back-end and listing its ciphers.
error unknown_cipher(const backend& b, std::string_view cipher);

/// errc::cipher_unavailable carrying the cipher's reason.
error cipher_unavailable(const backend& b, const cipher_info& info);

/// Looks up `cipher` in `b` and checks that it can run and that `key` fits it.
/// Only the key's length is ever reported, never its bytes.
result<const cipher_info*> check_context_args(const backend& b, std::string_view cipher,
                                              bytes_view key);

/// errc::bad_nonce_length if `nonce` does not have the cipher's nonce length.
std::optional<error> check_nonce(const cipher_info& info, bytes_view nonce);

/// errc::authentication_failed for a tag of `info` that did not verify.
error tag_mismatch(const cipher_info& info);

/// errc::bad_input if `cipher` is an AEAD and `in` is too short to hold its
/// tag; nothing for stream ciphers, where any length is a valid ciphertext.
std::optional<error> check_sealed_input(const cipher_info& info, bytes_view in);

/// All of encrypt_once's or decrypt_once's argument checks:
/// check_context_args, then the nonce length and, to decrypt an AEAD, that
/// `in` holds a tag.
result<const cipher_info*> check_once_args(const backend& b, direction way, std::string_view cipher,
                                           bytes_view key, bytes_view nonce, bytes_view in);

} // namespace actorbench::crypto::detail
