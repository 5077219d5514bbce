// The cryptopp folder's entry on the list of libraries (library.hpp):
// its back-end and key generator.
#include "library.hpp"
#include "cryptopp/cryptopp_backend.hpp"
#include "cryptopp/cryptopp_keygen.hpp"

namespace actorbench::crypto::detail {

library_entry make_cryptopp_library() {
  return {"cryptopp", make_cryptopp_backend, make_cryptopp_key_generator, nullptr};
}

} // namespace actorbench::crypto::detail
