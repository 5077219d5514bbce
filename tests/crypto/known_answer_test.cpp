// Known-answer tests, each vector written once and checked against every
// registered back-end that offers its cipher (cipher names and semantics
// are OpenSSL's, see crypto/backend.hpp), so a new back-end is covered as
// soon as it is registered. Our interface takes no associated data: only
// vectors with empty AAD are here (aead_kat_test.cpp checks the AAD ones
// through libsodium's raw API).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

namespace {

struct known_answer {
  std::string cipher;
  /// Where the vector comes from.
  std::string id;
  bytes key;
  bytes nonce;
  bytes plain;
  /// Ciphertext, with the tag appended for AEADs.
  bytes expected;
};

known_answer kat(std::string cipher, std::string id, const char* key, const char* nonce,
                 bytes plain, const char* expected) {
  return {std::move(cipher), std::move(id), hex(key), hex(nonce), std::move(plain), hex(expected)};
}

bytes text(std::string_view s) {
  return bytes(s.begin(), s.end());
}

// NIST SP 800-38A F.5: the plaintext and initial counter block of all CTR examples.
constexpr const char* sp800_38a_plain =
  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
  "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
constexpr const char* sp800_38a_counter = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

// McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)": the key,
// IV and plaintext of Test Cases 3 and 15 (no additional data).
constexpr const char* gcm_tc_key = "feffe9928665731c6d6a8f9467308308";
constexpr const char* gcm_tc_iv = "cafebabefacedbaddecaf888";
constexpr const char* gcm_tc_plain =
  "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
  "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255";
constexpr const char* zero16 = "00000000000000000000000000000000";
constexpr const char* zero12 = "000000000000000000000000";
constexpr const char* zero32 = "0000000000000000000000000000000000000000000000000000000000000000";

std::vector<known_answer> stream_vectors() {
  return {
    kat("aes-128-ctr", "NIST SP 800-38A F.5.1", "2b7e151628aed2a6abf7158809cf4f3c",
        sp800_38a_counter, hex(sp800_38a_plain),
        "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
        "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"),
    kat("aes-256-ctr", "NIST SP 800-38A F.5.5",
        "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", sp800_38a_counter,
        hex(sp800_38a_plain),
        "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
        "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"),
    // The seed's payload: printf 'Hello World!' | openssl enc -aes-128-ctr
    // -K 0123456789ABCDEFF0123456789ABCDE -iv 00000000000000000000000000000000
    kat("aes-128-ctr", "seed payload \"Hello World!\"", "0123456789abcdeff0123456789abcde", zero16,
        text("Hello World!"), "d33b875cf2cf2104a69d9d42"),
    // The IV is OpenSSL's: the 32-bit little-endian initial block counter
    // (1 here), then the RFC's 12-byte nonce.
    kat("chacha20", "RFC 8439 2.4.2",
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
        "01000000000000000000004a00000000", text(sunscreen),
        "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
        "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
        "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
        "5af90bbf74a35be6b40b8eedf2785e42874d"),
    kat("chacha20", "RFC 8439 A.1 test vector #1 (block counter 0)", zero32, zero16, bytes(64, 0),
        "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
        "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"),
    // libsodium test/default/xchacha20.c, tv_stream_xchacha20: keystreams.
    kat("xchacha20", "libsodium tv_stream_xchacha20 #1",
        "79c99798ac67300bbb2704c95c341e3245f3dcb21761b98e52ff45b24f304fc4",
        "b33ffd3096479bcfbc9aee49417688a0a2554f8d95389419", bytes(29, 0),
        "c6e9758160083ac604ef90e712ce6e75d7797590744e0cf060f013739c"),
    kat("xchacha20", "libsodium tv_stream_xchacha20 #2",
        "5f5763ff9a30c95da5c9f2a8dfd7cc6efd9dfb431812c075aa3e4f32e04f53e4",
        "a5fa890efa3b9a034d377926ce0e08ee6d7faccaee41b771", bytes(57, 0),
        "8a1a5ba898bdbcff602b1036e469a18a5e45789d0e8d9837d81a2388a52b0b6a"
        "0f51891528f424c4a7f492a8dd7bce8bac19fbdbe1fb379ac0"),
    kat("xchacha20", "libsodium tv_stream_xchacha20 #3",
        "9d23bd4149cb979ccf3c5c94dd217e9808cb0e50cd0f67812235eaaf601d6232",
        "c047548266b7c370d33566a2425cbf30d82d1eaf5294109e", bytes(91, 0),
        "a21209096594de8c5667b1d13ad93f744106d054df210e4782cd396fec692d35"
        "15a20bf351eec011a92c367888bc464c32f0807acd6c203a247e0db854148468"
        "e9f96bee4cf718d68d5f637cbd5a376457788e6fae90fc31097cfc"),
  };
}

std::vector<known_answer> gcm_vectors() {
  const std::string key256 = std::string{gcm_tc_key} + gcm_tc_key;
  return {
    kat("aes-128-gcm", "GCM spec Test Case 1", zero16, zero12, {},
        "58e2fccefa7e3061367f1d57a4e7455a"),
    kat("aes-128-gcm", "GCM spec Test Case 2", zero16, zero12, bytes(16, 0),
        "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf"),
    kat("aes-128-gcm", "GCM spec Test Case 3", gcm_tc_key, gcm_tc_iv, hex(gcm_tc_plain),
        "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
        "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985"
        "4d5c2af327cd64a62cf35abd2ba6fab4"),
    kat("aes-256-gcm", "GCM spec Test Case 13", zero32, zero12, {},
        "530f8afbc74536b9a963b4f1c4cb738b"),
    kat("aes-256-gcm", "GCM spec Test Case 14", zero32, zero12, bytes(16, 0),
        "cea7403d4d606b6e074ec5d3baf39d18d0d1c8a799996bf0265b98b5d48ab919"),
    kat("aes-256-gcm", "GCM spec Test Case 15", key256.c_str(), gcm_tc_iv, hex(gcm_tc_plain),
        "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
        "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad"
        "b094dac5d93471bdec1a502270e3cc6c"),
  };
}

// Project Wycheproof (C2SP/wycheproof, "google-wycheproof 0.8r12"),
// chacha20_poly1305_test.json and xchacha20_poly1305_test.json: the valid
// cases with "aad" : "".
std::vector<known_answer> chacha_aead_vectors() {
  return {
    kat("chacha20-poly1305", "Wycheproof tcId 2 (empty message)",
        "80ba3192c803ce965ea371d5ff073cf0f43b6a2ab576b208426e11409c09b9b0",
        "4da5bf8dfd5852c1ea12379d", {}, "76acb342cf3166a5b63c0c0ea1383c8d"),
    kat("chacha20-poly1305", "Wycheproof tcId 34 (16 bytes)",
        "59d4eafb4de0cfc7d3db99a8f54b15d7b39f0acc8da69763b019c1699f87674a",
        "2fcb1b38a99e71b84740ad9b", hex("549b365af913f3b081131ccb6b825588"),
        "e9110e9f56ab3ca483500ceabab67a13836ccabf15a6a22a51c1071cfa68fa0c"),
    kat("chacha20-poly1305", "Wycheproof tcId 36 (17 bytes)",
        "3b2458d8176e1621c0cc24c0c0e24c1e80d72f7ee9149a4b166176629616d011",
        "45aaa3e5d16d2d42dc03445d", hex("3ff1514b1c503915918f0c0c31094a6e1f"),
        "02cc3acb5ee1fcdd12a03bb857976474d3d83b7463a2c3800fe958c28eaa290813"),
    kat("chacha20-poly1305", "Wycheproof tcId 72 (64 bytes)",
        "5b1d1035c0b17ee0b0444767f80a25b8c1b741f4b50a4d3052226baa1c6fb701",
        "d61040a313ed492823cc065b",
        hex("d096803181beef9e008ff85d5ddc38ddacf0f09ee5f7e07f1e4079cb64d0dc8f"
            "5e6711cd4921a7887de76e2678fdc67618f1185586bfea9d4c685d50e4bb9a82"),
        "9a4ef22b181677b5755c08f747c0f8d8e8d4c18a9cc2405c12bb51bb1872c8e8"
        "b877678bec442cfcbb0ff464a64b74332cf072898c7e0eddf6232ea6e27efe50"
        "9ff3427a0f32fa566d9ca0a78aefc013"),
    kat("xchacha20-poly1305", "Wycheproof tcId 2 (empty message)",
        "ab1562faea9f47af3ae1c3d6d030e3af230255dff3df583ced6fbbcbf9d606a9",
        "6a5e0c4617e07091b605a4de2c02dde117de2ebd53b23497", {}, "e2697ea6877aba39d9555a00e14db041"),
    kat("xchacha20-poly1305", "Wycheproof tcId 34 (16 bytes)",
        "6a1f808358461e75072a054e2fc4e4c3e7f882c57920dda3278d0c860ca704e3",
        "25dc279923c1bcdaa7a36e7b884b51f62343abad71986037", hex("f242209c67698ea32c2152f8785b7d82"),
        "732715c60018fb0ed55c14c1fa9a5273afe3c4f050bf001e1dfcb2313dd8edd2"),
    kat("xchacha20-poly1305", "Wycheproof tcId 72 (64 bytes)",
        "7948151a374363d07dfb12869b7f90502f2de8117d3d72d5133b9b3e3dc78ef7",
        "8052acef0423bb07a6fbaf8f63039f1eaa2cdefc61b31b18",
        hex("76e03034be5514561e99c32ab58901eabac0f67b40c366202ac8a08ee3f68c3b"
            "283c1adeefee6f5544330d4771e5148c5231ec27b3f3f9d81a3dca52e115e1b5"),
        "764ab84b844b57b0564f63ec70ad12d81dc3a0e65233a9bf06d6b2c653787eb9"
        "91bc37a885a04509690ab49fd8dedcabe3c346df9036d735de3bf73ab03f5ba7"
        "075248c91d1f246aebaa96c86627d18e"),
  };
}

// Encrypts and decrypts every vector with every available back-end offering
// its cipher, through a context and through encrypt_once / decrypt_once; a vector no back-end ran
// fails, so none is skipped silently.
void check_all(const std::vector<known_answer>& vectors) {
  for (const auto& v : vectors) {
    CAPTURE(v.cipher);
    CAPTURE(v.id);
    int checked = 0;
    for (const backend* b : registry::instance().backends()) {
      const cipher_info* info = b->find_cipher(v.cipher);
      if (info == nullptr || !info->available || info->name != v.cipher)
        continue;
      CAPTURE(b->name());
      auto ctx = get_context(b->name(), v.cipher, v.key);
      CHECK(to_hex(encrypt(*ctx, v.nonce, v.plain)) == to_hex(v.expected));
      CHECK(to_hex(decrypt(*ctx, v.nonce, v.expected)) == to_hex(v.plain));
      // The naive per-message paths must give the same bytes.
      CHECK(to_hex(encrypt_once(*b, v.cipher, v.key, v.nonce, v.plain)) == to_hex(v.expected));
      CHECK(to_hex(decrypt_once(*b, v.cipher, v.key, v.nonce, v.expected)) == to_hex(v.plain));
      ++checked;
    }
    CHECK(checked > 0);
  }
}

} // namespace

TEST_CASE("known answers: AES-CTR (SP 800-38A), ChaCha20 (RFC 8439), XChaCha20, every back-end") {
  check_all(stream_vectors());
}

TEST_CASE("known answers: AES-GCM (GCM spec test cases without AAD), every back-end") {
  check_all(gcm_vectors());
}

TEST_CASE("known answers: (X)ChaCha20-Poly1305 (Wycheproof without AAD), every back-end") {
  check_all(chacha_aead_vectors());
}
