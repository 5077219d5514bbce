// The gcrypt folder's entry on the list of libraries (library.hpp):
// its back-end and key generator.
#include "library.hpp"
#include "gcrypt/gcrypt_backend.hpp"
#include "gcrypt/gcrypt_keygen.hpp"

namespace actorbench::crypto::detail {

library_entry make_gcrypt_library() {
  return {"gcrypt", make_gcrypt_backend, make_gcrypt_key_generator, nullptr};
}

} // namespace actorbench::crypto::detail
