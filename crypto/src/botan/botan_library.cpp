// The botan folder's entry on the list of libraries (library.hpp):
// its back-end and key generator.
#include "library.hpp"
#include "botan/botan_backend.hpp"
#include "botan/botan_keygen.hpp"

namespace actorbench::crypto::detail {

library_entry make_botan_library() {
  return {"botan", make_botan_backend, make_botan_key_generator, nullptr};
}

} // namespace actorbench::crypto::detail
