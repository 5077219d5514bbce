#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "crypto/bytes.hpp"
#include "crypto/cipher_info.hpp"
#include "crypto/error.hpp"

namespace actorbench::crypto {

/// A keyed cipher, created once and reused for many messages: the key schedule
/// is kept and only the nonce is reset per call. Not thread-safe; one per actor.
/// A context refers to its back-end's cipher_info, so the back-end must
/// outlive it (the registry's back-ends live as long as the process).
class cipher_context {
 public:
  virtual ~cipher_context() = default;

  /// Description of the cipher this context runs.
  virtual const cipher_info& info() const noexcept = 0;

  /// An independent context with the same key, copying the expanded key
  /// schedule instead of recomputing it; safe to call on a shared context
  /// from several threads at once. Null only if the library is out of memory.
  virtual std::unique_ptr<cipher_context> clone() const = 0;

  /// Encrypts `in` under `nonce` into `out`, which must hold
  /// `in.size + info().overhead` bytes. Returns the number of bytes written.
  virtual result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) = 0;

  /// Decrypts `in` under `nonce` into `out`, which must hold `in.size` bytes.
  /// For AEAD ciphers the tag is verified first; on failure nothing valid is
  /// written and `errc::authentication_failed` is returned.
  virtual result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) = 0;
};

} // namespace actorbench::crypto
