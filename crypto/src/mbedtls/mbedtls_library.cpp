// The mbedtls folder's entry on the list of libraries (library.hpp):
// its back-end and key generator.
#include "library.hpp"
#include "mbedtls/mbedtls_backend.hpp"
#include "mbedtls/mbedtls_keygen.hpp"

namespace actorbench::crypto::detail {

library_entry make_mbedtls_library() {
  return {"mbedtls", make_mbedtls_backend, make_mbedtls_key_generator, nullptr};
}

} // namespace actorbench::crypto::detail
