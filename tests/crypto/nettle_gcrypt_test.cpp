// What the generic back-end tests do not reach for the Nettle and libgcrypt
// back-ends: counters at their carry points (where each library's own
// counter layout could part from OpenSSL's), the naive decrypt_once path on a
// tampered message, and every key algorithm each generator offers.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "crypto/key_generator.hpp"
#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

namespace {

// The two back-ends this file is about, those this build has.
std::vector<std::string> nettle_and_gcrypt() {
  std::vector<std::string> out;
  for (const char* name : {"nettle", "gcrypt"})
    if (registry::instance().find(name))
      out.emplace_back(name);
  return out;
}

bool has_keygen(const std::string& name) {
  auto all = key_generation_backends();
  return std::find(all.begin(), all.end(), name) != all.end();
}

// `cipher` on `library` and on OpenSSL give the same bytes for `iv`, over
// four blocks of 64 bytes so that the counter steps past its carry point.
void same_as_openssl(const std::string& library, const char* cipher, const bytes& iv) {
  CAPTURE(library);
  CAPTURE(cipher);
  bytes key = pattern(get_backend(library).find_cipher(cipher)->key_size, 5);
  bytes plain = pattern(256 + 7, 9);
  auto ours = get_context(library, cipher, key);
  auto reference = get_context("openssl", cipher, key);
  CHECK(encrypt(*ours, iv, plain) == encrypt(*reference, iv, plain));
  CHECK(encrypt_once(get_backend(library), cipher, key, iv, plain)
        == encrypt(*reference, iv, plain));
}

} // namespace

TEST_CASE("nettle and gcrypt: counters carry as OpenSSL's do") {
  REQUIRE(!nettle_and_gcrypt().empty());
  for (const auto& library : nettle_and_gcrypt()) {
    // AES-CTR: the low 64 bits wrap into the high 64 (a 128-bit counter).
    same_as_openssl(library, "aes-128-ctr", hex("00112233445566770ffffffffffffffe"));
    same_as_openssl(library, "aes-256-ctr", hex("ffffffffffffffffffffffffffffffff"));
    // ChaCha20: the little-endian 32-bit block counter at its last value
    // carries into the first nonce word, as EVP_chacha20 does.
    same_as_openssl(library, "chacha20", hex("feffffff000102030405060708090a0b"));
    same_as_openssl(library, "chacha20", hex("0700000000010203040506070809aabb"));
  }
}

TEST_CASE("nettle and gcrypt: decrypt_once rejects a tampered message and wipes its output") {
  REQUIRE(!nettle_and_gcrypt().empty());
  for (const auto& library : nettle_and_gcrypt()) {
    const backend& b = get_backend(library);
    for (const char* cipher : {"aes-128-gcm", "aes-256-gcm", "chacha20-poly1305"}) {
      CAPTURE(library);
      CAPTURE(cipher);
      const cipher_info& info = *b.find_cipher(cipher);
      bytes key = pattern(info.key_size, 1);
      bytes nonce = pattern(info.nonce_size, 2);
      bytes sealed = encrypt(*get_context(library, cipher, key), nonce, pattern(40, 3));
      sealed[3] ^= 0x01;
      bytes out(sealed.size(), 0xaa);
      auto n = b.decrypt_once(cipher, key, nonce, sealed, out.data());
      REQUIRE(!n);
      CHECK(n.err().code == errc::authentication_failed);
      // The 40 bytes decrypted before the tag check are zeroed.
      CHECK(std::all_of(out.begin(), out.begin() + 40, [](std::uint8_t x) { return x == 0; }));
      bytes short_input(info.overhead - 1);
      auto too_short = b.decrypt_once(cipher, key, nonce, short_input, out.data());
      REQUIRE(!too_short);
      CHECK(too_short.err().code == errc::bad_input);
    }
  }
}

TEST_CASE("nettle and gcrypt: every offered key algorithm gives keys OpenSSL validates") {
  struct kind {
    key_algorithm algo;
    std::size_t bits;
  };
  const kind kinds[] = {{key_algorithm::rsa, 1024},
                        {key_algorithm::ec, 256},
                        {key_algorithm::ec, 384},
                        {key_algorithm::x25519, 0},
                        {key_algorithm::ed25519, 0}};
  for (const char* library : {"nettle", "gcrypt"}) {
    if (!has_keygen(library))
      continue;
    for (const auto& k : kinds) {
      CAPTURE(library);
      CAPTURE(std::string{to_string(k.algo)});
      CAPTURE(k.bits);
      auto gen = make_key_generator({k.algo, k.bits, library});
      REQUIRE_MESSAGE(gen, (gen ? "" : gen.err().detail));
      for (int i = 0; i < 2; ++i) {
        auto key = (*gen)->generate();
        REQUIRE_MESSAGE(key, (key ? "" : key.err().detail));
        auto ok = (*gen)->validate(*key);
        REQUIRE_MESSAGE(ok, (ok ? "" : ok.err().detail));
        CHECK(*ok);
      }
    }
    auto dh = make_key_generator({key_algorithm::dh, 512, library});
    REQUIRE(!dh);
    CHECK(dh.err().code == errc::unknown_cipher);
  }
}
