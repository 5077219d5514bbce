#include <doctest/doctest.h>

#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

// libsodium's own stream names (chacha20-ietf: a 12-byte nonce and block
// counter 0, unlike OpenSSL's chacha20) have no counterpart elsewhere; the
// vectors of the common ciphers are in known_answer_test.cpp.
TEST_CASE("sodium KAT: ChaCha20-IETF, RFC 8439 section 2.4.2") {
  // The RFC encrypts with initial block counter 1; the back-end always starts
  // at counter 0. Prefixing one 64-byte block of zeros makes block 1 of our
  // output line up with block 1 of the RFC's keystream.
  auto ctx = get_context("sodium", "chacha20-ietf",
                         hex("000102030405060708090a0b0c0d0e0f"
                             "101112131415161718191a1b1c1d1e1f"));
  bytes nonce = hex("000000000000004a00000000");
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
  bytes plain(64, 0);
  plain.insert(plain.end(), text.begin(), text.end());
  bytes cipher = encrypt(*ctx, nonce, plain);
  REQUIRE(cipher.size() == 64 + expected.size());
  CHECK(to_hex(bytes(cipher.begin() + 64, cipher.end())) == to_hex(expected));
  CHECK(decrypt(*ctx, nonce, cipher) == plain);
}
