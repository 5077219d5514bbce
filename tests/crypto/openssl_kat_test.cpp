#include <doctest/doctest.h>

#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

namespace {

// NIST SP 800-38A, F.5: the plaintext shared by all CTR examples.
constexpr const char* sp800_38a_plaintext =
  "6bc1bee22e409f96e93d7e117393172a"
  "ae2d8a571e03ac9c9eb76fac45af8e51"
  "30c81c46a35ce411e5fbc1191a0a52ef"
  "f69f2445df4f9b17ad2b417be66c3710";

// NIST SP 800-38A, F.5: the initial counter block shared by all CTR examples.
constexpr const char* sp800_38a_counter = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

} // namespace

TEST_CASE("openssl KAT: AES-128-CTR, NIST SP 800-38A F.5.1 (CTR-AES128.Encrypt)") {
  auto ctx = get_context("openssl", "aes-128-ctr", hex("2b7e151628aed2a6abf7158809cf4f3c"));
  bytes plain = hex(sp800_38a_plaintext);
  bytes expected = hex(
    "874d6191b620e3261bef6864990db6ce"
    "9806f66b7970fdff8617187bb9fffdff"
    "5ae4df3edbd5d35e5b4f09020db03eab"
    "1e031dda2fbe03d1792170a0f3009cee");
  bytes nonce = hex(sp800_38a_counter);
  bytes cipher = encrypt(*ctx, nonce, plain);
  CHECK(to_hex(cipher) == to_hex(expected));
  CHECK(to_hex(decrypt(*ctx, nonce, cipher)) == to_hex(plain));
}

TEST_CASE("openssl KAT: AES-256-CTR, NIST SP 800-38A F.5.5 (CTR-AES256.Encrypt)") {
  auto ctx = get_context("openssl", "aes-256-ctr",
                         hex("603deb1015ca71be2b73aef0857d7781"
                             "1f352c073b6108d72d9810a30914dff4"));
  bytes plain = hex(sp800_38a_plaintext);
  bytes expected = hex(
    "601ec313775789a5b7a7f504bbf3d228"
    "f443e3ca4d62b59aca84e990cacaf5c5"
    "2b0930daa23de94ce87017ba2d84988d"
    "dfc9c58db67aada613c2dd08457941a6");
  bytes nonce = hex(sp800_38a_counter);
  bytes cipher = encrypt(*ctx, nonce, plain);
  CHECK(to_hex(cipher) == to_hex(expected));
  CHECK(to_hex(decrypt(*ctx, nonce, cipher)) == to_hex(plain));
}

TEST_CASE("openssl KAT: ChaCha20, RFC 8439 section 2.4.2") {
  auto ctx = get_context("openssl", "chacha20",
                         hex("000102030405060708090a0b0c0d0e0f"
                             "101112131415161718191a1b1c1d1e1f"));
  // OpenSSL's IV: initial block counter 1 as 4 little-endian bytes, then the
  // RFC's 12-byte nonce 000000000000004a00000000.
  bytes iv = hex(
    "01000000"
    "000000000000004a00000000");
  std::string_view text =
    "Ladies and Gentlemen of the class of '99: If I could offer you "
    "only one tip for the future, sunscreen would be it.";
  bytes expected = hex(
    "6e2e359a2568f98041ba0728dd0d6981"
    "e97e7aec1d4360c20a27afccfd9fae0b"
    "f91b65c5524733ab8f593dabcd62b357"
    "1639d624e65152ab8f530c359f0861d8"
    "07ca0dbf500d6a6156a38e088a22b65e"
    "52bc514d16ccf806818ce91ab7793736"
    "5af90bbf74a35be6b40b8eedf2785e42"
    "874d");
  REQUIRE(text.size() == 114);
  bytes cipher = encrypt(*ctx, iv, text);
  CHECK(to_hex(cipher) == to_hex(expected));
  bytes back = decrypt(*ctx, iv, cipher);
  CHECK(std::string(back.begin(), back.end()) == text);
}

TEST_CASE("openssl KAT: seed payload, AES-128-CTR of \"Hello World!\"") {
  // Expected value computed independently with the OpenSSL command line:
  //   printf 'Hello World!' | openssl enc -aes-128-ctr
  //     -K 0123456789ABCDEFF0123456789ABCDE
  //     -iv 00000000000000000000000000000000 | xxd -p
  // (one command line, wrapped here).
  auto ctx = get_context("openssl", "aes-128-ctr", hex("0123456789abcdeff0123456789abcde"));
  bytes iv(16, 0);
  bytes cipher = encrypt(*ctx, iv, std::string_view{"Hello World!"});
  CHECK(to_hex(cipher) == "d33b875cf2cf2104a69d9d42");
}
