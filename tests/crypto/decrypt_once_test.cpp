// backend::decrypt_once: the naive per-message path (a context created, keyed
// and freed for every message) must give exactly what a reused context gives.
#include <doctest/doctest.h>

#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

namespace {

bytes decrypt_once(const backend& b, std::string_view cipher, bytes_view key, bytes_view nonce,
                   bytes_view in) {
  bytes out(in.size);
  auto n = b.decrypt_once(cipher, key, nonce, in, out.data());
  if (!n)
    throw std::runtime_error(n.err().detail);
  out.resize(*n);
  return out;
}

} // namespace

TEST_CASE("decrypt_once: same plaintext as a reused context, for every available cipher") {
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
    }
  });
}

TEST_CASE("decrypt_once: the seed payload through openssl aes-128-ctr") {
  // The benchmark's own message: "Hello World!" under the seed key and a zero
  // IV (see openssl_kat_test.cpp for where the ciphertext comes from).
  bytes out =
    decrypt_once(get_backend("openssl"), "aes-128-ctr", hex("0123456789abcdeff0123456789abcde"),
                 bytes(16, 0), hex("d33b875cf2cf2104a69d9d42"));
  CHECK(std::string(out.begin(), out.end()) == "Hello World!");
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

TEST_CASE("decrypt_once: argument errors match make_context and decrypt") {
  for (const backend* b : registry::instance().backends()) {
    CAPTURE(b->name());
    const cipher_info& info = b->ciphers().front();
    bytes out(64);
    bytes in = pattern(32);
    auto unknown = b->decrypt_once("rot13", pattern(16), pattern(16), in, out.data());
    REQUIRE_FALSE(unknown);
    CHECK(unknown.err().code == errc::unknown_cipher);
    auto short_key = b->decrypt_once(info.name, pattern(info.key_size - 1),
                                     pattern(info.nonce_size), in, out.data());
    REQUIRE_FALSE(short_key);
    CHECK(short_key.err().code == errc::bad_key_length);
    auto long_nonce = b->decrypt_once(info.name, pattern(info.key_size),
                                      pattern(info.nonce_size + 1), in, out.data());
    REQUIRE_FALSE(long_nonce);
    CHECK(long_nonce.err().code == errc::bad_nonce_length);
  }
}
