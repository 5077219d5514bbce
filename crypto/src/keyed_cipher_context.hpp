#pragma once
// Internal to the crypto library: the shape shared by the back-ends'
// contexts: the back-end's own cipher_info, a library status code from keying
// (wolfSSL, Mbed TLS), stream ciphers as their own inverse (every library's
// stream contexts), and encrypt_once / decrypt_once keying the same context
// class on the stack. No library headers here.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>

#include "crypto/bytes.hpp"
#include "crypto/cipher_context.hpp"
#include "crypto/cipher_info.hpp"
#include "crypto/error.hpp"
#include "once_by_direction_backend.hpp"

namespace actorbench::crypto::detail {

/// Holds the back-end's own description (never a copy of it) and the status
/// the library returned when the context was keyed (0: keyed).
class keyed_cipher_context : public cipher_context {
 public:
  explicit keyed_cipher_context(const cipher_info& info) : info_(info) {}
  const cipher_info& info() const noexcept override { return info_; }
  /// The library's status code from keying; 0 when the context is usable.
  int status() const noexcept { return rc_; }

 protected:
  const cipher_info& info_;
  int rc_ = 0;
};

/// A stream cipher: encryption and decryption are the same key-stream XOR.
class keyed_stream_context : public keyed_cipher_context {
 public:
  using keyed_cipher_context::keyed_cipher_context;
  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    return apply(nonce, in, out);
  }
  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    return apply(nonce, in, out);
  }

 protected:
  /// XORs the key stream for `nonce` over `in` into `out`.
  virtual result<std::size_t> apply(bytes_view nonce, bytes_view in, std::uint8_t* out) = 0;
};

/// The first 4 bytes of OpenSSL's 16-byte ChaCha20 IV: the little-endian
/// block counter (the other 12 are the nonce).
inline std::uint32_t chacha_counter(const std::uint8_t* iv) noexcept {
  return static_cast<std::uint32_t>(iv[0]) | static_cast<std::uint32_t>(iv[1]) << 8
         | static_cast<std::uint32_t>(iv[2]) << 16 | static_cast<std::uint32_t>(iv[3]) << 24;
}

/// A library's failure as an error: `rejected(info, status)`.
using rejection = error (*)(const cipher_info&, int);

/// The keyed context, or the library's refusal of the key.
template <class Context>
result<std::unique_ptr<cipher_context>> keyed(std::unique_ptr<Context> ctx, rejection rejected) {
  if (int rc = ctx->status(); rc != 0)
    return rejected(ctx->info(), rc);
  return std::unique_ptr<cipher_context>{std::move(ctx)};
}

/// encrypt_once or decrypt_once the naive way: a context on the stack keyed
/// for this one message, used once in direction `way` and freed (no
/// allocation of ours).
template <class Context>
result<std::size_t> once_on_stack(direction way, const cipher_info& info, bytes_view key,
                                  bytes_view nonce, bytes_view in, std::uint8_t* out,
                                  rejection rejected) {
  Context ctx{info, key};
  if (int rc = ctx.status(); rc != 0)
    return rejected(info, rc);
  if (way == direction::encrypt)
    return ctx.encrypt(nonce, in, out);
  return ctx.decrypt(nonce, in, out);
}

} // namespace actorbench::crypto::detail
