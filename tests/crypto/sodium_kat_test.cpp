#include <doctest/doctest.h>

#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

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

TEST_CASE("sodium KAT: XChaCha20 keystream, libsodium test/default/xchacha20.c") {
  // tv_stream_xchacha20 in libsodium's test suite lists the keystream
  // (crypto_stream_xchacha20 output) for each key and nonce; encrypting zeros
  // must reproduce it.
  struct vector {
    const char* key;
    const char* nonce;
    const char* keystream;
  };
  const vector vectors[] = {
    {"79c99798ac67300bbb2704c95c341e3245f3dcb21761b98e52ff45b24f304fc4",
     "b33ffd3096479bcfbc9aee49417688a0a2554f8d95389419",
     "c6e9758160083ac604ef90e712ce6e75d7797590744e0cf060f013739c"},
    {"5f5763ff9a30c95da5c9f2a8dfd7cc6efd9dfb431812c075aa3e4f32e04f53e4",
     "a5fa890efa3b9a034d377926ce0e08ee6d7faccaee41b771",
     "8a1a5ba898bdbcff602b1036e469a18a5e45789d0e8d9837d81a2388a52b0b6a"
     "0f51891528f424c4a7f492a8dd7bce8bac19fbdbe1fb379ac0"},
    {"9d23bd4149cb979ccf3c5c94dd217e9808cb0e50cd0f67812235eaaf601d6232",
     "c047548266b7c370d33566a2425cbf30d82d1eaf5294109e",
     "a21209096594de8c5667b1d13ad93f744106d054df210e4782cd396fec692d35"
     "15a20bf351eec011a92c367888bc464c32f0807acd6c203a247e0db854148468"
     "e9f96bee4cf718d68d5f637cbd5a376457788e6fae90fc31097cfc"},
  };
  for (const auto& v : vectors) {
    CAPTURE(v.nonce);
    auto ctx = get_context("sodium", "xchacha20", hex(v.key));
    bytes expected = hex(v.keystream);
    bytes zeros(expected.size(), 0);
    bytes nonce = hex(v.nonce);
    CHECK(to_hex(encrypt(*ctx, nonce, zeros)) == to_hex(expected));
    CHECK(decrypt(*ctx, nonce, expected) == zeros);
  }
}

TEST_CASE("sodium KAT: AES-256-GCM, McGrew/Viega GCM spec Test Case 15") {
  const cipher_info* gcm = get_backend("sodium").find_cipher("aes-256-gcm");
  REQUIRE(gcm);
  if (!gcm->available) {
    MESSAGE("aes-256-gcm unavailable: " << gcm->unavailable_reason);
    return;
  }
  // "The Galois/Counter Mode of Operation (GCM)", McGrew and Viega, Test
  // Case 15: 256-bit key, 96-bit IV, 64-byte plaintext, no additional data.
  auto ctx = get_context("sodium", "aes-256-gcm",
                         hex("feffe9928665731c6d6a8f9467308308"
                             "feffe9928665731c6d6a8f9467308308"));
  bytes iv = hex("cafebabefacedbaddecaf888");
  bytes plain = hex(
    "d9313225f88406e5a55909c5aff5269a"
    "86a7a9531534f7da2e4c303d8a318a72"
    "1c3c0c95956809532fcf0e2449a6b525"
    "b16aedf5aa0de657ba637b391aafd255");
  bytes expected = hex(
    "522dc1f099567d07f47f37a32a84427d"
    "643a8cdcbfe5c0c97598a2bd2555d1aa"
    "8cb08e48590dbb3da7b08b1056828838"
    "c5f61e6393ba7a0abcc9f662898015ad"
    // tag
    "b094dac5d93471bdec1a502270e3cc6c");
  bytes sealed = encrypt(*ctx, iv, plain);
  CHECK(to_hex(sealed) == to_hex(expected));
  CHECK(to_hex(decrypt(*ctx, iv, sealed)) == to_hex(plain));
}
