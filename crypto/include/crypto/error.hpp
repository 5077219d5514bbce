#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "common/result.hpp"

namespace actorbench::crypto {

/// What went wrong in a crypto operation.
enum class errc {
  /// No back-end is registered under the requested name.
  unknown_backend = 1,
  /// The back-end has no cipher of that name.
  unknown_cipher,
  /// The cipher exists but this machine or library build cannot run it.
  cipher_unavailable,
  /// The key does not have the length the cipher requires.
  bad_key_length,
  /// The nonce or IV does not have the length the cipher requires.
  bad_nonce_length,
  /// An AEAD tag did not verify: the message was altered or the key is wrong.
  authentication_failed,
  /// The input is malformed for this cipher (for example shorter than a tag).
  bad_input,
  /// The underlying library reported an internal failure.
  backend_failure,
};

/// Short stable name of an error code, e.g. "unknown_cipher".
std::string_view to_string(errc code);

/// An error code with a human-readable detail line.
struct error {
  errc code;
  std::string detail;
};

/// A value or a crypto::error (the shared template is in common/result.hpp).
template <class T, class E = error>
using result = actorbench::result<T, E>;

/// Shorthand for building an error result.
inline error make_error(errc code, std::string detail) {
  return error{code, std::move(detail)};
}

} // namespace actorbench::crypto
