#include "gcrypt/gcrypt_init.hpp"

#include <string>

#include <gcrypt.h>

namespace actorbench::crypto::detail {

namespace {

const char* initialise() {
  if (gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P))
    return gcry_check_version(nullptr);
  const char* version = gcry_check_version(GCRYPT_VERSION);
  if (version == nullptr)
    return nullptr;
  // Keys live in ordinary memory, as in every other back-end here; secure
  // memory would add locking and a small pool to every handle.
  gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
  gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
  return version;
}

} // namespace

const char* gcrypt_version() {
  // A function-local static runs the initialisation exactly once.
  static const char* const version = initialise();
  return version;
}

error gcrypt_failure(const char* what, gcry_error_t err) {
  return make_error(errc::backend_failure, std::string{what} + ": " + gcry_strerror(err));
}

} // namespace actorbench::crypto::detail
