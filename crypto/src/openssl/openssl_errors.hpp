#pragma once

// Internal to the crypto library: turning OpenSSL's error queue into errors.

#include <string>
#include <string_view>

#include "crypto/error.hpp"

namespace actorbench::crypto::detail {

/// Drains OpenSSL's thread-local error queue into one line, so a failure is
/// reported once and does not leak into later, unrelated calls.
std::string take_openssl_errors();

/// errc::backend_failure: "`what` failed: <OpenSSL's errors>".
error openssl_failure(std::string_view what);

/// errc::bad_input: a message past the int length OpenSSL's calls take.
error too_long_error();

} // namespace actorbench::crypto::detail
