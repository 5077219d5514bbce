// The openssl folder's entry on the list of libraries (library.hpp):
// its back-end, key generator and key agreement.
#include "library.hpp"
#include "openssl/openssl_backend.hpp"
#include "openssl/openssl_keygen.hpp"

namespace actorbench::crypto::detail {

library_entry make_openssl_library() {
  return {"openssl", make_openssl_backend, make_openssl_key_generator, openssl_key_agreement};
}

} // namespace actorbench::crypto::detail
