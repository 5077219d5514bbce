#pragma once
// Internal to the crypto library: what one crypto library compiled into
// this build offers, and the list of them. Each folder under crypto/src/
// defines make_<folder>_library(); crypto/CMakeLists.txt generates the list
// (compiled_libraries.inc) from the folders whose library was found, so no
// shared source names a library.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/backend.hpp"
#include "crypto/error.hpp"
#include "crypto/key_agreement.hpp"
#include "crypto/key_generator.hpp"

namespace actorbench::crypto::detail {

/// One library's entry points; null where it has no such thing.
struct library_entry {
  /// The folder's name, which is also its back-end's and key generator's.
  std::string_view name;
  std::unique_ptr<backend> (*make_backend)() = nullptr;
  result<std::unique_ptr<key_generator>> (*make_key_generator)(const keygen_request&) = nullptr;
  /// Its key agreement, an object that lives as long as the process.
  const key_agreement& (*agreement)() = nullptr;
};

/// The libraries of this build in crypto/CMakeLists.txt's order ("none",
/// "openssl", "sodium", then those found at build time).
const std::vector<library_entry>& compiled_libraries();

/// The names of the libraries that have `part` (e.g.
/// &library_entry::make_key_generator), comma-separated in list order.
template <class Part>
std::string library_names_with(Part library_entry::*part) {
  std::string out;
  for (const auto& library : compiled_libraries())
    if (library.*part != nullptr)
      out += (out.empty() ? "" : ", ") + std::string{library.name};
  return out;
}

} // namespace actorbench::crypto::detail
