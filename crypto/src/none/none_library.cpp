// The none folder's entry on the list of libraries (library.hpp):
// its back-end.
#include "library.hpp"
#include "none/none_backend.hpp"

namespace actorbench::crypto::detail {

library_entry make_none_library() {
  return {"none", make_none_backend, nullptr, nullptr};
}

} // namespace actorbench::crypto::detail
