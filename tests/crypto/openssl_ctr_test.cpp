// The OpenSSL back-end's AES-CTR contexts run the counter mode themselves on
// AES-ECB (crypto/openssl_ctr_context.hpp); decrypt_once still uses OpenSSL's
// own AES-CTR, so it is the reference here: same bytes for every length
// around the keystream chunk and for counters that carry across bytes.
#include <vector>

#include <doctest/doctest.h>

#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

namespace {

bytes openssl_own_ctr(std::string_view cipher, bytes_view key, bytes_view nonce, bytes_view in) {
  bytes out(in.size);
  auto n = get_backend("openssl").decrypt_once(cipher, key, nonce, in, out.data());
  if (!n)
    throw std::runtime_error(n.err().detail);
  out.resize(*n);
  return out;
}

// Every short length, a spread of middling ones, every length around the
// keystream limit (detail::ctr_keystream_limit, 1 KiB) and a long one.
std::vector<std::size_t> ctr_sizes() {
  std::vector<std::size_t> out;
  for (std::size_t n = 0; n <= 40; ++n)
    out.push_back(n);
  for (std::size_t n = 77; n < 1000; n += 37)
    out.push_back(n);
  for (std::size_t n = 1000; n <= 1050; ++n)
    out.push_back(n);
  out.push_back(4099);
  return out;
}

// Initial counters whose increments carry: into byte 14, across the low 32
// and 64 bits, and around the whole 128 bits.
std::vector<bytes> carrying_nonces() {
  return {pattern(16, 3), hex("000102030405060708090a0b0c0d0eff"),
          hex("000102030405060708090a0bfffffffe"), hex("0001020304050607fffffffffffffff0"),
          bytes(16, 0xff)};
}

} // namespace

TEST_CASE("openssl aes-ctr: equals OpenSSL's own AES-CTR for every length and carrying counters") {
  for (const char* cipher : {"aes-128-ctr", "aes-256-ctr"}) {
    CAPTURE(cipher);
    const bytes key = pattern(std::string_view{cipher} == "aes-128-ctr" ? 16 : 32, 7);
    auto ctx = get_context("openssl", cipher, key);
    for (const bytes& nonce : carrying_nonces()) {
      CAPTURE(to_hex(nonce));
      for (std::size_t size : ctr_sizes()) {
        CAPTURE(size);
        const bytes plain = pattern(size, static_cast<std::uint8_t>(size));
        const bytes sealed = encrypt(*ctx, nonce, plain);
        REQUIRE(sealed.size() == size);
        CHECK(openssl_own_ctr(cipher, key, nonce, sealed) == plain);
        CHECK(decrypt(*ctx, nonce, sealed) == plain);
      }
    }
  }
}

TEST_CASE("openssl aes-ctr: in place, and a clone gives the same keystream") {
  const bytes key = pattern(16, 9);
  const bytes nonce = hex("00000000000000000000000000fffffe");
  auto ctx = get_context("openssl", "aes-128-ctr", key);
  auto copy = ctx->clone();
  REQUIRE(copy);
  const bytes plain = pattern(700, 1);
  const bytes sealed = encrypt(*ctx, nonce, plain);
  CHECK(sealed != plain);
  CHECK(encrypt(*copy, nonce, plain) == sealed);
  bytes buffer = sealed;
  auto n = ctx->decrypt(nonce, bytes_view{buffer}, buffer.data());
  REQUIRE(n);
  CHECK(*n == plain.size());
  CHECK(buffer == plain);
}
