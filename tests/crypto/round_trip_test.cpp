#include <doctest/doctest.h>

#include <vector>

#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

namespace {

// Sizes around the 16-byte AES block, the 12-byte nonce and the 64-byte
// ChaCha20 block, around 1 KiB (where implementations switch to bulk code
// paths), plus empty and 16 KiB.
const std::size_t round_trip_sizes[] = {0, 1, 12, 16, 17, 64, 1023, 1024, 1025, 16384};

} // namespace

TEST_CASE("round trip: decrypt(encrypt(x)) == x for every available cipher") {
  for_each_available_cipher([](const backend& b, const cipher_info& info) {
    CAPTURE(b.name());
    CAPTURE(info.name);
    auto ctx = get_context(b.name(), info.name, pattern(info.key_size, 1));
    CHECK(ctx->info().name == info.name);
    bytes nonce = pattern(info.nonce_size, 2);
    for (std::size_t size : round_trip_sizes) {
      CAPTURE(size);
      bytes plain = pattern(size, 3);
      bytes cipher = encrypt(*ctx, nonce, plain);
      CHECK(cipher.size() == size + info.overhead);
      if (info.name == "none")
        CHECK(cipher == plain);
      else if (size >= 1)
        CHECK(bytes(cipher.begin(), cipher.begin() + size) != plain);
      CHECK(decrypt(*ctx, nonce, cipher) == plain);
    }
  });
}

TEST_CASE("round trip: a reused context matches fresh contexts") {
  for_each_available_cipher([](const backend& b, const cipher_info& info) {
    CAPTURE(b.name());
    CAPTURE(info.name);
    bytes key = pattern(info.key_size, 4);
    auto reused = get_context(b.name(), info.name, key);
    // Odd sizes first so a leftover partial block from one message would
    // corrupt the next if the IV reset did not clear it.
    const std::size_t message_sizes[] = {17, 1, 1024, 0, 12, 16};
    std::uint8_t seed = 10;
    for (std::size_t size : message_sizes) {
      CAPTURE(size);
      bytes nonce = pattern(info.nonce_size, seed);
      bytes plain = pattern(size, static_cast<std::uint8_t>(seed + 1));
      seed += 2;
      auto fresh = get_context(b.name(), info.name, key);
      bytes from_reused = encrypt(*reused, nonce, plain);
      bytes from_fresh = encrypt(*fresh, nonce, plain);
      CHECK(from_reused == from_fresh);
      CHECK(decrypt(*reused, nonce, from_fresh) == plain);
    }
  });
}

TEST_CASE("round trip: different nonces give different ciphertexts") {
  for_each_available_cipher([](const backend& b, const cipher_info& info) {
    if (info.name == "none")
      return;
    CAPTURE(info.name);
    auto ctx = get_context(b.name(), info.name, pattern(info.key_size, 5));
    bytes plain = pattern(64);
    CHECK(encrypt(*ctx, pattern(info.nonce_size, 6), plain)
          != encrypt(*ctx, pattern(info.nonce_size, 7), plain));
  });
}

TEST_CASE("a clone keeps the key and is independent of its original") {
  for (const auto* b : registry::instance().backends()) {
    for (const auto& c : b->ciphers()) {
      if (!c.available)
        continue;
      CAPTURE(c.name);
      bytes key(c.key_size, 0x5a);
      bytes nonce(c.nonce_size, 0x01);
      auto original = b->make_context(c.name, key);
      REQUIRE(original);
      auto copy = (*original)->clone();
      REQUIRE(copy != nullptr);
      std::string_view text = "clone me, twice";
      bytes a(text.size() + c.overhead), z(text.size() + c.overhead);
      REQUIRE((*original)->encrypt(nonce, text, a.data()));
      original->reset(); // the clone must not depend on the original's lifetime
      REQUIRE(copy->encrypt(nonce, text, z.data()));
      CHECK(a == z);
    }
  }
}
