#include <doctest/doctest.h>

#include <string>
#include <typeinfo>

#include "actors/runtime/thread_context_cache.hpp"
#include "crypto/registry.hpp"

using namespace actorbench;

namespace {

std::string decrypt_with(crypto::cipher_context& ctx, const crypto::bytes& nonce,
                         const crypto::bytes& ciphertext) {
  std::string out(ciphertext.size(), '\0');
  auto n = ctx.decrypt(nonce, ciphertext, reinterpret_cast<std::uint8_t*>(out.data()));
  REQUIRE(n);
  out.resize(*n);
  return out;
}

} // namespace

TEST_CASE("the per-thread cache reuses a context only for the same cipher and key") {
  const auto& reg = crypto::registry::instance();
  const auto& b = **reg.find("openssl");
  const auto& cipher = b.ciphers().front();
  crypto::bytes key_a(cipher.key_size, 0x11), key_b(cipher.key_size, 0x22);
  crypto::bytes nonce(cipher.nonce_size, 0);
  auto proto_a = b.make_context(cipher.name, key_a);
  auto proto_b = b.make_context(cipher.name, key_b);
  REQUIRE(proto_a);
  REQUIRE(proto_b);
  std::string text = "per-thread";
  crypto::bytes ct_a(text.size()), ct_b(text.size());
  REQUIRE((*proto_a)->encrypt(nonce, std::string_view{text}, ct_a.data()));
  REQUIRE((*proto_b)->encrypt(nonce, std::string_view{text}, ct_b.data()));

  auto* first = actors::thread_cached_context(b, cipher, key_a, **proto_a);
  REQUIRE(first != nullptr);
  CHECK(actors::thread_cached_context(b, cipher, key_a, **proto_a) == first);
  CHECK(decrypt_with(*first, nonce, ct_a) == text);
  // Another key must not get the cached context keyed with the first one.
  auto* second = actors::thread_cached_context(b, cipher, key_b, **proto_b);
  REQUIRE(second != nullptr);
  CHECK(decrypt_with(*second, nonce, ct_b) == text);
  // Same cipher name, other back-end: a new context too.
  const auto& sodium = **reg.find("sodium");
  const auto* gcm = sodium.find_cipher("aes-256-gcm");
  const auto* ossl_gcm = b.find_cipher("aes-256-gcm");
  if (gcm != nullptr && gcm->available && ossl_gcm != nullptr) {
    crypto::bytes key(32, 0x33), gcm_nonce(12, 0);
    auto ossl = b.make_context("aes-256-gcm", key);
    auto sod = sodium.make_context("aes-256-gcm", key);
    REQUIRE(ossl);
    REQUIRE(sod);
    REQUIRE(actors::thread_cached_context(b, *ossl_gcm, key, **ossl) != nullptr);
    auto* y = actors::thread_cached_context(sodium, *gcm, key, **sod);
    REQUIRE(y != nullptr);
    const auto& made = **sod;
    CHECK(typeid(*y) == typeid(made));
  }
}
