#include <doctest/doctest.h>

#include <string>

#include "crypto/registry.hpp"
#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

TEST_CASE("errors: every code has a stable name") {
  CHECK(to_string(errc::unknown_backend) == "unknown_backend");
  CHECK(to_string(errc::unknown_cipher) == "unknown_cipher");
  CHECK(to_string(errc::cipher_unavailable) == "cipher_unavailable");
  CHECK(to_string(errc::bad_key_length) == "bad_key_length");
  CHECK(to_string(errc::bad_nonce_length) == "bad_nonce_length");
  CHECK(to_string(errc::authentication_failed) == "authentication_failed");
  CHECK(to_string(errc::bad_input) == "bad_input");
  CHECK(to_string(errc::backend_failure) == "backend_failure");
}

TEST_CASE("errors: make_context rejects an unknown cipher, listing the valid ones") {
  for (const backend* b : registry::instance().backends()) {
    CAPTURE(b->name());
    auto ctx = b->make_context("rot13", pattern(16));
    REQUIRE_FALSE(ctx);
    CHECK(ctx.err().code == errc::unknown_cipher);
    CHECK(ctx.err().detail.find(b->ciphers().front().name) != std::string::npos);
  }
}

TEST_CASE("errors: wrong key length, without leaking the key") {
  // 0x5a is 'Z': neither the raw key bytes nor their hex may reach a detail.
  bytes key(33, 0x5a);
  const std::string key_hex = to_hex(bytes_view{key.data(), 8});
  for (const backend* b : registry::instance().backends()) {
    for (const auto& info : b->ciphers()) {
      if (!info.available)
        continue;
      CAPTURE(info.name);
      for (std::size_t size : {std::size_t{0}, info.key_size - 1, info.key_size + 1}) {
        auto ctx = b->make_context(info.name, bytes_view{key.data(), size});
        REQUIRE_FALSE(ctx);
        CHECK(ctx.err().code == errc::bad_key_length);
        CHECK(ctx.err().detail.find(key_hex) == std::string::npos);
        CHECK(ctx.err().detail.find("ZZZZ") == std::string::npos);
      }
    }
  }
}

TEST_CASE("errors: wrong nonce length on encrypt and decrypt") {
  for (const backend* b : registry::instance().backends()) {
    for (const auto& info : b->ciphers()) {
      if (!info.available)
        continue;
      CAPTURE(info.name);
      auto ctx = get_context(b->name(), info.name, pattern(info.key_size));
      bytes in = pattern(32);
      bytes out(in.size() + info.overhead);
      for (std::size_t size : {std::size_t{0}, info.nonce_size - 1, info.nonce_size + 1}) {
        bytes nonce = pattern(size);
        auto enc = ctx->encrypt(nonce, in, out.data());
        REQUIRE_FALSE(enc);
        CHECK(enc.err().code == errc::bad_nonce_length);
        auto dec = ctx->decrypt(nonce, in, out.data());
        REQUIRE_FALSE(dec);
        CHECK(dec.err().code == errc::bad_nonce_length);
      }
    }
  }
}

TEST_CASE("errors: unavailable cipher is refused by make_context") {
  for (const backend* b : registry::instance().backends()) {
    for (const auto& info : b->ciphers()) {
      if (info.available)
        continue;
      auto ctx = b->make_context(info.name, pattern(info.key_size));
      REQUIRE_FALSE(ctx);
      CHECK(ctx.err().code == errc::cipher_unavailable);
      return;
    }
  }
  MESSAGE("every cipher is available here; nothing to refuse");
}

TEST_CASE("errors: tampered AEAD ciphertext or tag fails authentication") {
  const cipher_info* gcm = get_backend("sodium").find_cipher("aes-256-gcm");
  REQUIRE(gcm);
  if (!gcm->available) {
    MESSAGE("aes-256-gcm unavailable: " << gcm->unavailable_reason);
    return;
  }
  auto ctx = get_context("sodium", "aes-256-gcm", pattern(32));
  bytes nonce = pattern(12, 9);
  bytes plain = pattern(40);
  bytes sealed = encrypt(*ctx, nonce, plain);
  REQUIRE(sealed.size() == plain.size() + 16);

  // First ciphertext byte, last ciphertext byte, first and last tag byte.
  for (std::size_t pos : {std::size_t{0}, plain.size() - 1, plain.size(), sealed.size() - 1}) {
    CAPTURE(pos);
    bytes bad = sealed;
    bad[pos] ^= 0x01;
    bytes out(bad.size());
    auto r = ctx->decrypt(nonce, bad, out.data());
    REQUIRE_FALSE(r);
    CHECK(r.err().code == errc::authentication_failed);
  }

  bytes other_nonce = pattern(12, 10);
  bytes out(sealed.size());
  auto r = ctx->decrypt(other_nonce, sealed, out.data());
  REQUIRE_FALSE(r);
  CHECK(r.err().code == errc::authentication_failed);

  // The context must still work after failures.
  CHECK(decrypt(*ctx, nonce, sealed) == plain);
}

TEST_CASE("errors: AEAD input shorter than the tag is bad input") {
  const cipher_info* gcm = get_backend("sodium").find_cipher("aes-256-gcm");
  REQUIRE(gcm);
  if (!gcm->available) {
    MESSAGE("aes-256-gcm unavailable: " << gcm->unavailable_reason);
    return;
  }
  auto ctx = get_context("sodium", "aes-256-gcm", pattern(32));
  bytes nonce = pattern(12);
  for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{15}}) {
    CAPTURE(size);
    bytes in = pattern(size);
    bytes out(16);
    auto r = ctx->decrypt(nonce, in, out.data());
    REQUIRE_FALSE(r);
    CHECK(r.err().code == errc::bad_input);
  }
}
