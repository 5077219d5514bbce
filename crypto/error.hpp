#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <variant>

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

/// Either a value or an error; library code returns this instead of throwing.
/// Other layers reuse it with their own error type.
template <class T, class E = error>
class result {
 public:
  result(T value) : state_(std::move(value)) {}
  result(E err) : state_(std::move(err)) {}

  explicit operator bool() const noexcept { return state_.index() == 0; }
  T& operator*() { return std::get<0>(state_); }
  const T& operator*() const { return std::get<0>(state_); }
  T* operator->() { return &std::get<0>(state_); }
  const T* operator->() const { return &std::get<0>(state_); }
  const E& err() const { return std::get<1>(state_); }

 private:
  std::variant<T, E> state_;
};

/// Shorthand for building an error result.
inline error make_error(errc code, std::string detail) {
  return error{code, std::move(detail)};
}

} // namespace actorbench::crypto
