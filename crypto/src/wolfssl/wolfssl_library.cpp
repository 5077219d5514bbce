// The wolfssl folder's entry on the list of libraries (library.hpp):
// its back-end and key generator.
#include "library.hpp"
#include "wolfssl/wolfssl_backend.hpp"
#include "wolfssl/wolfssl_keygen.hpp"

namespace actorbench::crypto::detail {

library_entry make_wolfssl_library() {
  return {"wolfssl", make_wolfssl_backend, make_wolfssl_key_generator, nullptr};
}

} // namespace actorbench::crypto::detail
