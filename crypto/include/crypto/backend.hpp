#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/bytes.hpp"
#include "crypto/cipher_context.hpp"
#include "crypto/cipher_info.hpp"
#include "crypto/error.hpp"

namespace actorbench::crypto {

/// An older name a back-end still accepts for one of its ciphers.
struct cipher_alias {
  std::string old_name;
  /// The cipher's name now (cipher_info::name).
  std::string name;
};

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
  virtual result<std::unique_ptr<cipher_context>> make_context(std::string_view cipher,
                                                               bytes_view key) const = 0;

  /// Decrypts one message into `out` (which must hold `in.size` bytes) and
  /// returns the number of bytes written, like cipher_context::decrypt.
  ///
  /// Creates, keys and frees a context for this one message — the naive
  /// pattern, measured on purpose (the "per-message context" strategy). It is
  /// never the fast path: use make_context once and reuse it for that.
  ///
  /// The default is make_context followed by decrypt. That is already the
  /// naive pattern for libsodium and "none", which have no separate library
  /// context to create: keying per message is all the naive code can do
  /// there. The OpenSSL back-end overrides it to do what naive OpenSSL code
  /// does: EVP_CIPHER_CTX_new, EVP_DecryptInit_ex with the implicit legacy
  /// getter (EVP_aes_128_ctr() and friends), update, tag check, final, free.
  virtual result<std::size_t> decrypt_once(std::string_view cipher, bytes_view key,
                                           bytes_view nonce, bytes_view in,
                                           std::uint8_t* out) const;

  /// Encrypts one message into `out` (which must hold `in.size` plus the
  /// cipher's overhead) and returns the number of bytes written, like
  /// cipher_context::encrypt: decrypt_once's naive pattern the other way.
  /// The default is make_context followed by encrypt; the back-ends that
  /// override decrypt_once override this the same way (OpenSSL:
  /// EVP_EncryptInit_ex with the legacy getter, update, final, the tag read
  /// after final, free).
  virtual result<std::size_t> encrypt_once(std::string_view cipher, bytes_view key,
                                           bytes_view nonce, bytes_view in,
                                           std::uint8_t* out) const;

  /// Older names this back-end still accepts for its ciphers, never listed;
  /// none by default. Per back-end, so that an old name picks the back-end
  /// it always picked (libsodium's "chacha20-poly1305-ietf").
  virtual const std::vector<cipher_alias>& cipher_aliases() const noexcept;

  /// The description of `cipher` (its name, or an old name from
  /// cipher_aliases()), or nullptr if this back-end has none by that name.
  const cipher_info* find_cipher(std::string_view cipher) const noexcept;
};

} // namespace actorbench::crypto
