#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "crypto/bytes.hpp"
#include "crypto/cipher_context.hpp"
#include "crypto/cipher_info.hpp"
#include "crypto/error.hpp"

namespace actorbench::crypto {

/// A crypto library behind one interface. Implementations resolve their
/// algorithms once (at construction), so make_context does no name lookups
/// in the underlying library.
class backend {
 public:
  virtual ~backend() = default;

  /// Registry key, e.g. "openssl".
  virtual std::string_view name() const noexcept = 0;

  /// Library name and version, e.g. "OpenSSL 3.0.19 27 Jan 2026".
  virtual std::string version() const = 0;

  /// Whether the library initialised; an unavailable back-end offers nothing.
  virtual bool is_available() const noexcept = 0;

  /// Every cipher this back-end knows, available or not; the first is its default.
  virtual const std::vector<cipher_info>& ciphers() const noexcept = 0;

  /// A reusable context for `cipher` keyed with `key`.
  virtual result<std::unique_ptr<cipher_context>>
  make_context(std::string_view cipher, bytes_view key) const = 0;

  /// The description of `cipher`, or nullptr if this back-end has none by that name.
  const cipher_info* find_cipher(std::string_view cipher) const noexcept;
};

} // namespace actorbench::crypto
