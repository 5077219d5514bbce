// Known-answer tests for the AEAD ciphers. Our interface takes no associated
// data, so only vectors with empty AAD can be run through the back-ends
// themselves. Where the canonical vector has AAD (RFC 8439 section 2.8.2,
// draft-irtf-cfrg-xchacha-03 A.3.1) it is checked through libsodium's raw API
// instead, which shows the library matches the specification; our back-ends
// are then tied to that library without AAD (see aead_test.cpp).
#include <doctest/doctest.h>

#include <sodium.h>

#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

namespace {

// One published vector with empty associated data; `sealed` is ct || tag.
struct aead_vector {
  const char* id;
  const char* key;
  const char* nonce;
  const char* plain;
  const char* sealed;
};

void check_vector(std::string_view backend_name, std::string_view cipher, const aead_vector& v) {
  CAPTURE(backend_name);
  CAPTURE(cipher);
  CAPTURE(v.id);
  auto ctx = get_context(backend_name, cipher, hex(v.key));
  bytes nonce = hex(v.nonce);
  bytes plain = hex(v.plain);
  bytes sealed = encrypt(*ctx, nonce, plain);
  CHECK(to_hex(sealed) == v.sealed);
  CHECK(to_hex(decrypt(*ctx, nonce, hex(v.sealed))) == v.plain);
}

// "The Galois/Counter Mode of Operation (GCM)", McGrew and Viega: the
// plaintext of Test Cases 3 and 15 (64 bytes, no additional data).
constexpr const char* gcm_tc_plain =
  "d9313225f88406e5a55909c5aff5269a"
  "86a7a9531534f7da2e4c303d8a318a72"
  "1c3c0c95956809532fcf0e2449a6b525"
  "b16aedf5aa0de657ba637b391aafd255";

// Project Wycheproof, testvectors/chacha20_poly1305_test.json (C2SP/wycheproof,
// "google-wycheproof 0.8r12"): the valid cases with "aad" : "".
const aead_vector wycheproof_chacha20_poly1305[] = {
  {"tcId 2 (empty message)", "80ba3192c803ce965ea371d5ff073cf0f43b6a2ab576b208426e11409c09b9b0",
   "4da5bf8dfd5852c1ea12379d", "", "76acb342cf3166a5b63c0c0ea1383c8d"},
  {"tcId 34 (16 bytes)", "59d4eafb4de0cfc7d3db99a8f54b15d7b39f0acc8da69763b019c1699f87674a",
   "2fcb1b38a99e71b84740ad9b", "549b365af913f3b081131ccb6b825588",
   "e9110e9f56ab3ca483500ceabab67a13"
   "836ccabf15a6a22a51c1071cfa68fa0c"},
  {"tcId 36 (17 bytes)", "3b2458d8176e1621c0cc24c0c0e24c1e80d72f7ee9149a4b166176629616d011",
   "45aaa3e5d16d2d42dc03445d", "3ff1514b1c503915918f0c0c31094a6e1f",
   "02cc3acb5ee1fcdd12a03bb857976474d3"
   "d83b7463a2c3800fe958c28eaa290813"},
  {"tcId 72 (64 bytes)", "5b1d1035c0b17ee0b0444767f80a25b8c1b741f4b50a4d3052226baa1c6fb701",
   "d61040a313ed492823cc065b",
   "d096803181beef9e008ff85d5ddc38ddacf0f09ee5f7e07f1e4079cb64d0dc8f"
   "5e6711cd4921a7887de76e2678fdc67618f1185586bfea9d4c685d50e4bb9a82",
   "9a4ef22b181677b5755c08f747c0f8d8e8d4c18a9cc2405c12bb51bb1872c8e8"
   "b877678bec442cfcbb0ff464a64b74332cf072898c7e0eddf6232ea6e27efe50"
   "9ff3427a0f32fa566d9ca0a78aefc013"},
};

// Project Wycheproof, testvectors/xchacha20_poly1305_test.json: the valid
// cases with "aad" : "".
const aead_vector wycheproof_xchacha20_poly1305[] = {
  {"tcId 2 (empty message)", "ab1562faea9f47af3ae1c3d6d030e3af230255dff3df583ced6fbbcbf9d606a9",
   "6a5e0c4617e07091b605a4de2c02dde117de2ebd53b23497", "", "e2697ea6877aba39d9555a00e14db041"},
  {"tcId 34 (16 bytes)", "6a1f808358461e75072a054e2fc4e4c3e7f882c57920dda3278d0c860ca704e3",
   "25dc279923c1bcdaa7a36e7b884b51f62343abad71986037", "f242209c67698ea32c2152f8785b7d82",
   "732715c60018fb0ed55c14c1fa9a5273"
   "afe3c4f050bf001e1dfcb2313dd8edd2"},
  {"tcId 72 (64 bytes)", "7948151a374363d07dfb12869b7f90502f2de8117d3d72d5133b9b3e3dc78ef7",
   "8052acef0423bb07a6fbaf8f63039f1eaa2cdefc61b31b18",
   "76e03034be5514561e99c32ab58901eabac0f67b40c366202ac8a08ee3f68c3b"
   "283c1adeefee6f5544330d4771e5148c5231ec27b3f3f9d81a3dca52e115e1b5",
   "764ab84b844b57b0564f63ec70ad12d81dc3a0e65233a9bf06d6b2c653787eb9"
   "91bc37a885a04509690ab49fd8dedcabe3c346df9036d735de3bf73ab03f5ba7"
   "075248c91d1f246aebaa96c86627d18e"},
};

// The plaintext of RFC 8439 section 2.8.2 and draft-irtf-cfrg-xchacha-03 A.3.1.
constexpr std::string_view sunscreen =
  "Ladies and Gentlemen of the class of '99: If I could "
  "offer you only one tip for the future, sunscreen would "
  "be it.";

} // namespace

TEST_CASE("openssl KAT: AES-128-GCM, McGrew/Viega GCM spec Test Case 3") {
  check_vector(
    "openssl", "aes-128-gcm",
    {"Test Case 3", "feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888", gcm_tc_plain,
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
     "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985"
     // tag
     "4d5c2af327cd64a62cf35abd2ba6fab4"});
}

TEST_CASE("openssl KAT: AES-256-GCM, McGrew/Viega GCM spec Test Case 15") {
  // The same vector the sodium aes-256-gcm KAT uses.
  check_vector("openssl", "aes-256-gcm",
               {"Test Case 15", "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
                "cafebabefacedbaddecaf888", gcm_tc_plain,
                "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
                "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad"
                // tag
                "b094dac5d93471bdec1a502270e3cc6c"});
}

TEST_CASE("openssl KAT: ChaCha20-Poly1305, Wycheproof vectors without AAD") {
  for (const auto& v : wycheproof_chacha20_poly1305)
    check_vector("openssl", "chacha20-poly1305", v);
}

TEST_CASE("sodium KAT: ChaCha20-Poly1305-IETF, Wycheproof vectors without AAD") {
  for (const auto& v : wycheproof_chacha20_poly1305)
    check_vector("sodium", "chacha20-poly1305-ietf", v);
}

TEST_CASE("sodium KAT: XChaCha20-Poly1305-IETF, Wycheproof vectors without AAD") {
  for (const auto& v : wycheproof_xchacha20_poly1305)
    check_vector("sodium", "xchacha20-poly1305-ietf", v);
}

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
