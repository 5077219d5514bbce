// The sodium folder's entry on the list of libraries (library.hpp):
// its back-end, key generator and key agreement.
#include "library.hpp"
#include "sodium/sodium_backend.hpp"
#include "sodium/sodium_keygen.hpp"

namespace actorbench::crypto::detail {

library_entry make_sodium_library() {
  return {"sodium", make_sodium_backend, make_sodium_key_generator, sodium_key_agreement};
}

} // namespace actorbench::crypto::detail
