#pragma once

#include <string>
#include <string_view>

#include "common/result.hpp"

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

} // namespace actorbench::bench
