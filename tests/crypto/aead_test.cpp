// Behaviour every AEAD cipher of every back-end must share: tampering is
// rejected with errc::authentication_failed, short input is errc::bad_input.
// (Implementations of one algorithm agreeing byte for byte:
// cross_check_test.cpp.)
#include <doctest/doctest.h>

#include <sodium.h>

#include <vector>

#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

namespace {

// Decrypting `sealed` must fail with `code` and leave no plaintext behind.
void expect_rejected(cipher_context& ctx, bytes_view nonce, const bytes& sealed, const bytes& plain,
                     errc code) {
  bytes out(sealed.size(), 0xa5);
  auto r = ctx.decrypt(nonce, sealed, out.data());
  REQUIRE_FALSE(r);
  CHECK(r.err().code == code);
  if (!plain.empty())
    CHECK(bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(plain.size())) != plain);
}

const std::size_t cross_sizes[] = {0, 1, 15, 16, 17, 63, 64, 65, 1024};

} // namespace

TEST_CASE("aead: the expected AEAD ciphers exist and describe a 16-byte tag") {
  const char* const openssl_aeads[] = {"aes-128-gcm", "aes-256-gcm", "chacha20-poly1305"};
  const char* const sodium_aeads[] = {"aes-256-gcm", "chacha20-poly1305", "xchacha20-poly1305"};
  for (const char* name : openssl_aeads) {
    CAPTURE(name);
    const cipher_info* info = get_backend("openssl").find_cipher(name);
    REQUIRE(info);
    CHECK(info->aead);
    CHECK(info->overhead == 16);
    CHECK(info->nonce_size == 12);
    CHECK(info->available);
  }
  for (const char* name : sodium_aeads) {
    CAPTURE(name);
    const cipher_info* info = get_backend("sodium").find_cipher(name);
    REQUIRE(info);
    CHECK(info->aead);
    CHECK(info->overhead == 16);
  }
  CHECK(get_backend("openssl").find_cipher("aes-128-gcm")->key_size == 16);
  CHECK(get_backend("openssl").find_cipher("aes-256-gcm")->key_size == 32);
  CHECK(get_backend("sodium").find_cipher("chacha20-poly1305")->nonce_size == 12);
  CHECK(get_backend("sodium").find_cipher("xchacha20-poly1305")->nonce_size == 24);
  CHECK(get_backend("sodium").find_cipher("chacha20-poly1305")->available);
  CHECK(get_backend("sodium").find_cipher("xchacha20-poly1305")->available);
}

TEST_CASE("aead: libsodium's old AEAD names still find its common-named ciphers") {
  const backend& sodium = get_backend("sodium");
  CHECK(sodium.find_cipher("chacha20-poly1305-ietf") == sodium.find_cipher("chacha20-poly1305"));
  CHECK(sodium.find_cipher("xchacha20-poly1305-ietf") == sodium.find_cipher("xchacha20-poly1305"));
  // A context made by the old name is the same cipher.
  bytes key = pattern(32, 40);
  bytes nonce = pattern(24, 41);
  bytes plain = pattern(20, 42);
  auto by_old = get_context("sodium", "xchacha20-poly1305", key);
  auto by_new = get_context("sodium", "xchacha20-poly1305", key);
  CHECK(by_old->info().name == "xchacha20-poly1305");
  CHECK(encrypt(*by_old, nonce, plain) == encrypt(*by_new, nonce, plain));
  // Aliases are per back-end: OpenSSL never had the old names.
  CHECK(get_backend("openssl").find_cipher("chacha20-poly1305-ietf") == nullptr);
}

TEST_CASE("aead: a flipped bit in ciphertext, tag or nonce fails authentication") {
  for_each_available_aead([](const backend& b, const cipher_info& info) {
    CAPTURE(b.name());
    CAPTURE(info.name);
    auto ctx = get_context(b.name(), info.name, pattern(info.key_size, 1));
    bytes nonce = pattern(info.nonce_size, 2);
    for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{40}}) {
      CAPTURE(size);
      bytes plain = pattern(size, 3);
      bytes sealed = encrypt(*ctx, nonce, plain);
      REQUIRE(sealed.size() == size + 16);

      // Every bit of the first and last body byte and of the first and last
      // tag byte.
      std::vector<std::size_t> positions;
      if (size > 0) {
        positions.push_back(0);
        positions.push_back(size - 1);
      }
      positions.push_back(size);
      positions.push_back(sealed.size() - 1);
      for (std::size_t pos : positions) {
        for (int bit = 0; bit < 8; ++bit) {
          CAPTURE(pos);
          CAPTURE(bit);
          bytes bad = sealed;
          bad[pos] ^= static_cast<std::uint8_t>(1u << bit);
          expect_rejected(*ctx, nonce, bad, plain, errc::authentication_failed);
        }
      }

      // One bit of the first and of the last nonce byte.
      for (std::size_t pos : {std::size_t{0}, info.nonce_size - 1}) {
        CAPTURE(pos);
        bytes bad_nonce = nonce;
        bad_nonce[pos] ^= 0x80;
        expect_rejected(*ctx, bad_nonce, sealed, plain, errc::authentication_failed);
      }

      // Truncated by one byte (still at least a tag long when size > 0).
      if (size > 0) {
        bytes cut(sealed.begin(), sealed.end() - 1);
        expect_rejected(*ctx, nonce, cut, plain, errc::authentication_failed);
      }

      // The context still works after all those failures.
      CHECK(decrypt(*ctx, nonce, sealed) == plain);
    }
  });
}

TEST_CASE("aead: a different key fails authentication") {
  for_each_available_aead([](const backend& b, const cipher_info& info) {
    CAPTURE(b.name());
    CAPTURE(info.name);
    auto right = get_context(b.name(), info.name, pattern(info.key_size, 4));
    auto wrong = get_context(b.name(), info.name, pattern(info.key_size, 5));
    bytes nonce = pattern(info.nonce_size, 6);
    bytes plain = pattern(33, 7);
    bytes sealed = encrypt(*right, nonce, plain);
    expect_rejected(*wrong, nonce, sealed, plain, errc::authentication_failed);
  });
}

TEST_CASE("aead: input shorter than the tag is bad input, a bare tag is an empty message") {
  for_each_available_aead([](const backend& b, const cipher_info& info) {
    CAPTURE(b.name());
    CAPTURE(info.name);
    auto ctx = get_context(b.name(), info.name, pattern(info.key_size, 8));
    bytes nonce = pattern(info.nonce_size, 9);
    for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{15}}) {
      CAPTURE(size);
      bytes in = pattern(size);
      bytes out(16);
      auto r = ctx->decrypt(nonce, in, out.data());
      REQUIRE_FALSE(r);
      CHECK(r.err().code == errc::bad_input);
      auto once = b.decrypt_once(info.name, pattern(info.key_size, 8), nonce, in, out.data());
      REQUIRE_FALSE(once);
      CHECK(once.err().code == errc::bad_input);
    }
    bytes tag_only = encrypt(*ctx, nonce, bytes{});
    REQUIRE(tag_only.size() == 16);
    bytes out(16);
    auto r = ctx->decrypt(nonce, tag_only, out.data());
    REQUIRE(r);
    CHECK(*r == 0);
  });
}

TEST_CASE("aead: a clone opens what its original sealed and rejects tampering") {
  // Senders in the benchmark decrypt through clones of one prototype.
  for_each_available_aead([](const backend& b, const cipher_info& info) {
    CAPTURE(b.name());
    CAPTURE(info.name);
    auto original = get_context(b.name(), info.name, pattern(info.key_size, 10));
    bytes nonce = pattern(info.nonce_size, 11);
    bytes plain = pattern(28, 12);
    bytes sealed = encrypt(*original, nonce, plain);
    auto copy = original->clone();
    REQUIRE(copy != nullptr);
    original.reset();
    CHECK(decrypt(*copy, nonce, sealed) == plain);
    bytes bad = sealed;
    bad.back() ^= 0x01;
    expect_rejected(*copy, nonce, bad, plain, errc::authentication_failed);
    CHECK(decrypt(*copy, nonce, sealed) == plain);
  });
}

TEST_CASE("aead: one context sealing and opening in turn matches a fresh context per message") {
  // The benchmark's per-thread context seals and opens messages in any order
  // with a new nonce each; a back-end that re-arms a keyed context per
  // message (OpenSSL's GCM: an IV parameter, a context per direction) must
  // carry nothing over: not the last IV, tag or direction, nor a failed open.
  for_each_available_aead([](const backend& b, const cipher_info& info) {
    CAPTURE(b.name());
    CAPTURE(info.name);
    const bytes key = pattern(info.key_size, 20);
    auto shared = get_context(b.name(), info.name, key);
    bytes previous_nonce, previous_sealed;
    for (std::uint8_t i = 0; i < 6; ++i) {
      CAPTURE(int{i});
      const bytes nonce = pattern(info.nonce_size, static_cast<std::uint8_t>(30 + i));
      const bytes plain = pattern(cross_sizes[i + 2], static_cast<std::uint8_t>(40 + i));
      auto fresh = get_context(b.name(), info.name, key);
      const bytes sealed = encrypt(*shared, nonce, plain);
      CHECK(sealed == encrypt(*fresh, nonce, plain));
      bytes bad = sealed;
      bad[i % bad.size()] ^= 0x01;
      expect_rejected(*shared, nonce, bad, plain, errc::authentication_failed);
      CHECK(decrypt(*shared, nonce, sealed) == plain);
      if (!previous_sealed.empty())
        CHECK_FALSE(decrypt(*shared, previous_nonce, previous_sealed).empty());
      previous_nonce = nonce;
      previous_sealed = sealed;
    }
  });
}

TEST_CASE("aead cross-check: the sodium back-end equals libsodium's raw API with no AAD") {
  // Ties the back-end's (X)ChaCha20-Poly1305 to the library functions whose
  // published vectors (with AAD) aead_kat_test.cpp checks.
  REQUIRE(sodium_init() >= 0);
  bytes key = pattern(32, 17);
  auto chacha = get_context("sodium", "chacha20-poly1305", key);
  auto xchacha = get_context("sodium", "xchacha20-poly1305", key);
  std::uint8_t seed = 18;
  for (std::size_t size : cross_sizes) {
    CAPTURE(size);
    bytes plain = pattern(size, seed++);
    bytes raw(size + 16);
    unsigned long long raw_len = 0;

    bytes nonce12 = pattern(12, seed++);
    REQUIRE(crypto_aead_chacha20poly1305_ietf_encrypt(raw.data(), &raw_len, plain.data(), size,
                                                      nullptr, 0, nullptr, nonce12.data(),
                                                      key.data())
            == 0);
    CHECK(raw_len == raw.size());
    CHECK(to_hex(encrypt(*chacha, nonce12, plain)) == to_hex(raw));

    bytes nonce24 = pattern(24, seed++);
    REQUIRE(crypto_aead_xchacha20poly1305_ietf_encrypt(raw.data(), &raw_len, plain.data(), size,
                                                       nullptr, 0, nullptr, nonce24.data(),
                                                       key.data())
            == 0);
    CHECK(raw_len == raw.size());
    CHECK(to_hex(encrypt(*xchacha, nonce24, plain)) == to_hex(raw));
  }
}
