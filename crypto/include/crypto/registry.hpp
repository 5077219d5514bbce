#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "crypto/backend.hpp"
#include "crypto/error.hpp"

namespace actorbench::crypto {

/// The back-ends compiled into this build, keyed by name: "none", "openssl",
/// "sodium". Built once on first use; lookups happen before timing, never on
/// the measured path.
class registry {
 public:
  /// The process-wide registry.
  static const registry& instance();

  /// All back-ends in a stable order (none, openssl, sodium).
  const std::vector<const backend*>& backends() const noexcept { return list_; }

  /// The back-end named `name`, or errc::unknown_backend listing valid names.
  result<const backend*> find(std::string_view name) const;

  /// The back-end and cipher for a name pair, checked for availability.
  /// An empty `cipher` selects the back-end's default cipher.
  result<const cipher_info*> find_cipher(const backend& b, std::string_view cipher) const;

  /// find() and find_cipher() in one: a back-end and one of its ciphers by
  /// name (a worker node resolving what the driver named).
  result<std::pair<const backend*, const cipher_info*>> find_pair(std::string_view backend_name,
                                                                  std::string_view cipher) const;

  /// Comma-separated back-end names, for error messages and help text.
  std::string names() const;

 private:
  registry();
  std::vector<std::unique_ptr<backend>> owned_;
  std::vector<const backend*> list_;
};

} // namespace actorbench::crypto
