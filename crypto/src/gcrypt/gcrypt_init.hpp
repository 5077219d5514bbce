#pragma once

// Internal to the crypto library: libgcrypt's one-time initialisation,
// shared by its cipher back-end and its key generator.

#include <gcrypt.h>

#include "crypto/error.hpp"

namespace actorbench::crypto::detail {

/// Initialises libgcrypt on the first call (thread-safely; a no-op if
/// another library in the process did it) and returns its version string,
/// or nullptr if the library is older than the headers built against.
const char* gcrypt_version();

/// errc::backend_failure: "`what`: <libgcrypt's reason for `err`>".
error gcrypt_failure(const char* what, gcry_error_t err);

} // namespace actorbench::crypto::detail
