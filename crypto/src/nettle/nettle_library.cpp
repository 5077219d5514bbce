// The nettle folder's entry on the list of libraries (library.hpp):
// its back-end and key generator.
#include "library.hpp"
#include "nettle/nettle_backend.hpp"
#include "nettle/nettle_keygen.hpp"

namespace actorbench::crypto::detail {

library_entry make_nettle_library() {
  return {"nettle", make_nettle_backend, make_nettle_key_generator, nullptr};
}

} // namespace actorbench::crypto::detail
