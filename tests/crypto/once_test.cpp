// backend::decrypt_once and encrypt_once: the naive per-message path (a
// context created, keyed and freed for every message) must give exactly what
// a reused context gives, and refuse what make_context and the context refuse.
#include <doctest/doctest.h>

#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

TEST_CASE("decrypt_once and encrypt_once: the same bytes as a reused context, every cipher") {
  for_each_available_cipher([](const backend& b, const cipher_info& info) {
    CAPTURE(b.name());
    CAPTURE(info.name);
    bytes key = pattern(info.key_size, 20);
    auto reused = get_context(b.name(), info.name, key);
    std::uint8_t seed = 21;
    for (std::size_t size :
         {std::size_t{17}, std::size_t{0}, std::size_t{1}, std::size_t{12}, std::size_t{1024}}) {
      CAPTURE(size);
      bytes nonce = pattern(info.nonce_size, seed++);
      bytes plain = pattern(size, seed++);
      bytes sealed = encrypt(*reused, nonce, plain);
      bytes from_reused = decrypt(*reused, nonce, sealed);
      bytes from_once = decrypt_once(b, info.name, key, nonce, sealed);
      CHECK(from_once == from_reused);
      CHECK(from_once == plain);
      CHECK(encrypt_once(b, info.name, key, nonce, plain) == sealed);
    }
  });
}

TEST_CASE("decrypt_once and encrypt_once: the seed payload through openssl aes-128-ctr") {
  // The benchmark's own message: "Hello World!" under the seed key and a zero
  // IV (see openssl_kat_test.cpp for where the ciphertext comes from).
  const backend& openssl = get_backend("openssl");
  const bytes key = hex("0123456789abcdeff0123456789abcde");
  bytes out =
    decrypt_once(openssl, "aes-128-ctr", key, bytes(16, 0), hex("d33b875cf2cf2104a69d9d42"));
  CHECK(std::string(out.begin(), out.end()) == "Hello World!");
  CHECK(to_hex(encrypt_once(openssl, "aes-128-ctr", key, bytes(16, 0), out))
        == "d33b875cf2cf2104a69d9d42");
}

TEST_CASE("decrypt_once: a tampered AEAD message is rejected") {
  for_each_available_cipher([](const backend& b, const cipher_info& info) {
    if (!info.aead)
      return;
    CAPTURE(b.name());
    CAPTURE(info.name);
    bytes key = pattern(info.key_size, 30);
    bytes nonce = pattern(info.nonce_size, 31);
    bytes plain = pattern(40, 32);
    bytes sealed = encrypt(*get_context(b.name(), info.name, key), nonce, plain);
    for (std::size_t pos : {std::size_t{0}, plain.size(), sealed.size() - 1}) {
      CAPTURE(pos);
      bytes bad = sealed;
      bad[pos] ^= 0x01;
      bytes out(bad.size(), 0xa5);
      auto r = b.decrypt_once(info.name, key, nonce, bad, out.data());
      REQUIRE_FALSE(r);
      CHECK(r.err().code == errc::authentication_failed);
      CHECK(bytes(out.begin(), out.begin() + 40) != plain);
    }
    bytes other_nonce = nonce;
    other_nonce[0] ^= 0x01;
    bytes out(sealed.size());
    auto r = b.decrypt_once(info.name, key, other_nonce, sealed, out.data());
    REQUIRE_FALSE(r);
    CHECK(r.err().code == errc::authentication_failed);
    // A failure leaves nothing behind that breaks the next, valid message.
    CHECK(decrypt_once(b, info.name, key, nonce, sealed) == plain);
  });
}

TEST_CASE("decrypt_once and encrypt_once: argument errors match make_context and the context") {
  using once_call = result<std::size_t> (backend::*)(std::string_view, bytes_view, bytes_view,
                                                     bytes_view, std::uint8_t*) const;
  for (once_call call : {&backend::decrypt_once, &backend::encrypt_once}) {
    CAPTURE(call == &backend::encrypt_once ? "encrypt_once" : "decrypt_once");
    for (const backend* b : registry::instance().backends()) {
      CAPTURE(b->name());
      bytes out(64);
      bytes in = pattern(32);
      auto unknown = (b->*call)("rot13", pattern(16), pattern(16), in, out.data());
      REQUIRE_FALSE(unknown);
      CHECK(unknown.err().code == errc::unknown_cipher);
      for (const cipher_info& info : b->ciphers()) {
        if (!info.available)
          continue;
        CAPTURE(info.name);
        for (std::size_t key_size : {info.key_size - 1, info.key_size + 1}) {
          auto bad_key =
            (b->*call)(info.name, pattern(key_size), pattern(info.nonce_size), in, out.data());
          REQUIRE_FALSE(bad_key);
          CHECK(bad_key.err().code == errc::bad_key_length);
        }
        for (std::size_t nonce_size : {info.nonce_size - 1, info.nonce_size + 1}) {
          auto bad_nonce =
            (b->*call)(info.name, pattern(info.key_size), pattern(nonce_size), in, out.data());
          REQUIRE_FALSE(bad_nonce);
          CHECK(bad_nonce.err().code == errc::bad_nonce_length);
        }
      }
    }
  }
}
