// The Botan and Crypto++ back-ends: the same bytes as OpenSSL
// (libsodium for xchacha20-poly1305) for every cipher, including the IV
// corners where the libraries' own conventions differ from OpenSSL's (a
// ChaCha20 block counter in the IV, a CTR counter carrying over all 128
// bits), a clone made after use, and their key generators judged by OpenSSL.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "crypto/key_generator.hpp"
#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

namespace {

// The back-ends this build has of the two (both, on a bootstrapped machine).
std::vector<const backend*> botan_and_cryptopp() {
  std::vector<const backend*> out;
  for (const char* name : {"botan", "cryptopp"})
    if (auto b = registry::instance().find(name))
      out.push_back(*b);
  return out;
}

// IVs that matter: zero, a ChaCha20 counter near 2^32 - 1 (OpenSSL's 32-bit
// little-endian counter first), a CTR block about to carry through all 128
// bits, and a pattern.
std::vector<bytes> corner_ivs(std::size_t size) {
  std::vector<bytes> out{bytes(size, 0), pattern(size, 9)};
  if (size == 16) {
    bytes counter = pattern(16, 4);
    counter[0] = 0xf0;
    counter[1] = counter[2] = counter[3] = 0;
    out.push_back(counter);
    out.push_back(bytes(16, 0xff));
  }
  return out;
}

} // namespace

TEST_CASE("botan and cryptopp: the same output as the reference for every cipher") {
  auto libs = botan_and_cryptopp();
  if (libs.empty())
    MESSAGE("neither Botan nor Crypto++ in this build");
  for (const backend* b : libs) {
    CHECK(b->ciphers().front().name == "aes-128-gcm");
    for (const auto& info : b->ciphers()) {
      CAPTURE(b->name());
      CAPTURE(info.name);
      REQUIRE(info.available);
      const bytes key = pattern(info.key_size, 31);
      auto mine = get_context(b->name(), info.name, key);
      auto theirs = reference_context(info.name, key);
      for (const bytes& iv : corner_ivs(info.nonce_size)) {
        for (std::size_t size : {0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 1000, 4097}) {
          CAPTURE(size);
          CAPTURE(to_hex(iv));
          const bytes text = pattern(size, static_cast<std::uint8_t>(size));
          const bytes sealed = encrypt(*mine, iv, text);
          REQUIRE(sealed == encrypt(*theirs, iv, text));
          CHECK(decrypt(*mine, iv, sealed) == text);
          bytes once(sealed.size());
          auto n = b->decrypt_once(info.name, key, iv, sealed, once.data());
          REQUIRE(n);
          once.resize(*n);
          CHECK(once == text);
          CHECK(encrypt_once(*b, info.name, key, iv, text) == sealed);
        }
      }
    }
  }
}

TEST_CASE("botan and cryptopp: a failed tag leaves no plaintext, in both paths") {
  for (const backend* b : botan_and_cryptopp()) {
    for (const auto& info : b->ciphers()) {
      if (!info.aead)
        continue;
      CAPTURE(b->name());
      CAPTURE(info.name);
      const bytes key = pattern(info.key_size, 2);
      const bytes nonce = pattern(info.nonce_size, 3);
      auto ctx = get_context(b->name(), info.name, key);
      // Long enough that both libraries decrypt a bulk before the tag check.
      const bytes text = pattern(1000, 4);
      bytes sealed = encrypt(*ctx, nonce, text);
      sealed.back() ^= 1;
      bytes out(sealed.size(), 0xee);
      auto r = ctx->decrypt(nonce, sealed, out.data());
      REQUIRE_FALSE(r);
      CHECK(r.err().code == errc::authentication_failed);
      // Wiped or never written: at most chance agreement with the plaintext.
      std::size_t leaked = 0;
      for (std::size_t i = 0; i < text.size(); ++i)
        leaked += out[i] == text[i] ? 1 : 0;
      CHECK(leaked < text.size() / 16);
      auto once = b->decrypt_once(info.name, key, nonce, sealed, out.data());
      REQUIRE_FALSE(once);
      CHECK(once.err().code == errc::authentication_failed);
      // The context still works after a failure.
      sealed.back() ^= 1;
      CHECK(decrypt(*ctx, nonce, sealed) == text);
    }
  }
}

TEST_CASE("botan and cryptopp: a clone of a used context starts clean") {
  for (const backend* b : botan_and_cryptopp()) {
    for (const auto& info : b->ciphers()) {
      CAPTURE(b->name());
      CAPTURE(info.name);
      const bytes key = pattern(info.key_size, 5);
      const bytes nonce = pattern(info.nonce_size, 6);
      auto ctx = get_context(b->name(), info.name, key);
      const bytes text = pattern(100, 7);
      const bytes first = encrypt(*ctx, nonce, text);
      auto copy = ctx->clone();
      REQUIRE(copy != nullptr);
      CHECK(&copy->info() == &ctx->info());
      CHECK(encrypt(*copy, nonce, text) == first);
    }
  }
}

TEST_CASE("botan and cryptopp: generated keys validate with OpenSSL and dh is refused") {
  for (const backend* b : botan_and_cryptopp()) {
    const std::string name{b->name()};
    CAPTURE(name);
    const keygen_request requests[] = {{key_algorithm::rsa, 1024, name},
                                       {key_algorithm::ec, 256, name},
                                       {key_algorithm::ec, 384, name},
                                       {key_algorithm::x25519, 0, name},
                                       {key_algorithm::ed25519, 0, name}};
    for (const auto& request : requests) {
      CAPTURE(describe(request));
      auto gen = make_key_generator(request);
      REQUIRE(gen);
      for (int i = 0; i < 2; ++i) {
        auto key = (*gen)->generate();
        REQUIRE(key);
        auto ok = (*gen)->validate(*key);
        REQUIRE(ok);
        CHECK(*ok);
      }
    }
    auto dh = make_key_generator({key_algorithm::dh, 512, name});
    REQUIRE_FALSE(dh);
    CHECK(dh.err().code == errc::unknown_cipher);
    CHECK(dh.err().detail.find("rsa, ec, x25519 and ed25519") != std::string::npos);
  }
}
