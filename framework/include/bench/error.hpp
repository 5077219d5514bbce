#pragma once

#include <string>
#include <string_view>

#include "actors/error.hpp"
#include "common/result.hpp"
#include "crypto/error.hpp"

namespace actorbench::bench {

/// The two ways a command can fail.
enum class errc {
  /// The user asked for something invalid: exit code 2.
  bad_input = 1,
  /// The work itself failed: exit code 1.
  runtime_failure,
};

/// Short stable name of an error code.
std::string_view to_string(errc code);

/// Process exit code for an error code (2 bad input, 1 runtime failure).
int exit_code(errc code) noexcept;

/// An error with the one line to show the user.
struct error {
  errc code;
  std::string message;
  /// The lower layer's code it comes from, as "layer.code" (such as
  /// "crypto.unknown_cipher" or "actors.timeout"); empty for the command's own.
  std::string cause = {};
};

/// A value or a bench::error.
template <class T>
using result = actorbench::result<T, error>;

/// Shorthand for a bad-input error.
inline error bad_input(std::string message) {
  return error{errc::bad_input, std::move(message)};
}

/// Shorthand for a runtime failure.
inline error runtime_failure(std::string message) {
  return error{errc::runtime_failure, std::move(message)};
}

/// A lower layer's error as the user's bad input or a runtime failure: its
/// code is kept as the cause, its detail is the message, after `doing` and
/// ": " when `doing` says what was being done ("invalid --cipher 'x'").
error bad_input(const crypto::error& lower, std::string_view doing = {});
error bad_input(const actors::error& lower, std::string_view doing = {});
error runtime_failure(const crypto::error& lower, std::string_view doing = {});
error runtime_failure(const actors::error& lower, std::string_view doing = {});

/// The same, bad input or runtime failure as the lower code says: the request
/// itself was invalid (actors' bad_parameter; any crypto code but
/// backend_failure) or the work failed.
error by_code(const crypto::error& lower, std::string_view doing = {});
error by_code(const actors::error& lower, std::string_view doing = {});

} // namespace actorbench::bench
