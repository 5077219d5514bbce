// Known-answer tests with associated data. Our interface takes none, so the
// vectors without AAD run through every back-end (known_answer_test.cpp);
// where the canonical vector has AAD (RFC 8439 section 2.8.2,
// draft-irtf-cfrg-xchacha-03 A.3.1) it is checked through libsodium's raw API
// instead, which shows the library matches the specification; our back-ends
// are then tied to that library without AAD (aead_test.cpp,
// cross_check_test.cpp).
#include <doctest/doctest.h>

#include <sodium.h>

#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

TEST_CASE("libsodium raw API: ChaCha20-Poly1305, RFC 8439 section 2.8.2 (with AAD)") {
  // This vector has associated data, which our interface cannot pass; it is
  // run through libsodium directly to show the library we wrap implements
  // the RFC. It does not exercise any back-end code.
  REQUIRE(sodium_init() >= 0);
  bytes key = hex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
  bytes nonce = hex("070000004041424344454647");
  bytes aad = hex("50515253c0c1c2c3c4c5c6c7");
  bytes plain(sunscreen.begin(), sunscreen.end());
  REQUIRE(plain.size() == 114);
  const char* expected =
    "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
    "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
    "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
    "3ff4def08e4b7a9de576d26586cec64b6116"
    // tag
    "1ae10b594f09e26a7e902ecbd0600691";
  bytes sealed(plain.size() + crypto_aead_chacha20poly1305_ietf_ABYTES);
  unsigned long long sealed_len = 0;
  REQUIRE(crypto_aead_chacha20poly1305_ietf_encrypt(sealed.data(), &sealed_len, plain.data(),
                                                    plain.size(), aad.data(), aad.size(), nullptr,
                                                    nonce.data(), key.data())
          == 0);
  REQUIRE(sealed_len == sealed.size());
  CHECK(to_hex(sealed) == expected);
}

TEST_CASE("libsodium raw API: XChaCha20-Poly1305, draft-irtf-cfrg-xchacha-03 A.3.1 (with AAD)") {
  // As above: the draft's vector has AAD, so this checks libsodium itself.
  // Wycheproof carries the same vector as xchacha20_poly1305 tcId 1.
  REQUIRE(sodium_init() >= 0);
  bytes key = hex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
  bytes nonce = hex("404142434445464748494a4b4c4d4e4f5051525354555657");
  bytes aad = hex("50515253c0c1c2c3c4c5c6c7");
  bytes plain(sunscreen.begin(), sunscreen.end());
  const char* expected =
    "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb"
    "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452"
    "2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"
    "21f9664c97637da9768812f615c68b13b52e"
    // tag
    "c0875924c1c7987947deafd8780acf49";
  bytes sealed(plain.size() + crypto_aead_xchacha20poly1305_ietf_ABYTES);
  unsigned long long sealed_len = 0;
  REQUIRE(crypto_aead_xchacha20poly1305_ietf_encrypt(sealed.data(), &sealed_len, plain.data(),
                                                     plain.size(), aad.data(), aad.size(), nullptr,
                                                     nonce.data(), key.data())
          == 0);
  REQUIRE(sealed_len == sealed.size());
  CHECK(to_hex(sealed) == expected);
}
