#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include "crypto/bytes.hpp"
#include "crypto/cipher_context.hpp"
#include "crypto/registry.hpp"

namespace actorbench::crypto::test {

/// The plaintext of RFC 8439 sections 2.4.2 and 2.8.2 (and of
/// draft-irtf-cfrg-xchacha-03 A.3.1).
inline constexpr std::string_view sunscreen =
  "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
  "sunscreen would be it.";

/// Hex literal to bytes; a typo in a test vector fails loudly instead of
/// silently turning into an empty vector.
inline bytes hex(std::string_view text) {
  auto out = from_hex(text);
  if (!out)
    throw std::invalid_argument("bad hex in test: " + std::string{text});
  return *out;
}

/// The registered back-end called `name`; throws so a missing one fails the case.
inline const backend& get_backend(std::string_view name) {
  auto b = registry::instance().find(name);
  if (!b)
    throw std::runtime_error(b.err().detail);
  return **b;
}

/// A context for `cipher`, throwing on failure so KAT bodies stay short.
inline std::unique_ptr<cipher_context> get_context(std::string_view backend_name,
                                                   std::string_view cipher, bytes_view key) {
  auto ctx = get_backend(backend_name).make_context(cipher, key);
  if (!ctx)
    throw std::runtime_error(ctx.err().detail);
  return std::move(*ctx);
}

/// Encrypts `in` with `ctx`, sizing the output from the cipher's overhead.
inline bytes encrypt(cipher_context& ctx, bytes_view nonce, bytes_view in) {
  bytes out(in.size + ctx.info().overhead);
  auto n = ctx.encrypt(nonce, in, out.data());
  if (!n)
    throw std::runtime_error(n.err().detail);
  out.resize(*n);
  return out;
}

/// Decrypts `in` with `ctx`; throws on any error, including a failed tag.
inline bytes decrypt(cipher_context& ctx, bytes_view nonce, bytes_view in) {
  bytes out(in.size);
  auto n = ctx.decrypt(nonce, in, out.data());
  if (!n)
    throw std::runtime_error(n.err().detail);
  out.resize(*n);
  return out;
}

/// backend::encrypt_once of `in`, sized like encrypt; throws on any error.
inline bytes encrypt_once(const backend& b, std::string_view cipher, bytes_view key,
                          bytes_view nonce, bytes_view in) {
  const cipher_info* info = b.find_cipher(cipher);
  bytes out(in.size + (info != nullptr ? info->overhead : 0));
  auto n = b.encrypt_once(cipher, key, nonce, in, out.data());
  if (!n)
    throw std::runtime_error(n.err().detail);
  out.resize(*n);
  return out;
}

/// backend::decrypt_once of `in`; throws on any error, including a failed tag.
inline bytes decrypt_once(const backend& b, std::string_view cipher, bytes_view key,
                          bytes_view nonce, bytes_view in) {
  bytes out(in.size);
  auto n = b.decrypt_once(cipher, key, nonce, in, out.data());
  if (!n)
    throw std::runtime_error(n.err().detail);
  out.resize(*n);
  return out;
}

/// Calls f(backend, cipher_info) for every available cipher of every
/// registered back-end, so a new back-end is covered once it is registered.
template <class F>
void for_each_available_cipher(F f) {
  for (const backend* b : registry::instance().backends())
    for (const auto& info : b->ciphers())
      if (info.available)
        f(*b, info);
}

/// for_each_available_cipher restricted to AEAD ciphers.
template <class F>
void for_each_available_aead(F f) {
  for_each_available_cipher([&f](const backend& b, const cipher_info& info) {
    if (info.aead)
      f(b, info);
  });
}

/// A deterministic, non-trivial byte pattern of length `n`.
inline bytes pattern(std::size_t n, std::uint8_t seed = 0) {
  bytes out(n);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = static_cast<std::uint8_t>(seed + i * 7 + 3);
  return out;
}

/// A context of the reference implementation of `cipher`, keyed with `key`:
/// OpenSSL, whose semantics every back-end follows, or libsodium for the
/// XChaCha AEAD, which OpenSSL lacks.
inline std::unique_ptr<cipher_context> reference_context(const std::string& cipher,
                                                         bytes_view key) {
  return get_context(cipher == "xchacha20-poly1305" ? "sodium" : "openssl", cipher, key);
}

} // namespace actorbench::crypto::test
