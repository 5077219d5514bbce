// Every back-end's output equals the reference implementation's for the
// same cipher, key, nonce and plaintext, and it opens the reference's
// output. The reference is OpenSSL (whose cipher semantics every back-end
// follows), or libsodium for the ciphers OpenSSL lacks (xchacha20,
// xchacha20-poly1305). Random cases are seeded, so a failure repeats.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

namespace {

// The back-end the others are compared with for `cipher`, or null when no
// reference offers it (then `b` is itself the only implementation we have).
const backend* reference_for(const backend& b, const std::string& cipher) {
  for (const char* name : {"openssl", "sodium"}) {
    const backend& ref = get_backend(name);
    const cipher_info* info = ref.find_cipher(cipher);
    if (info != nullptr && info->available && info->name == cipher)
      return &ref == &b ? nullptr : &ref;
  }
  return nullptr;
}

bytes random_bytes(std::mt19937& rng, std::size_t n) {
  std::uniform_int_distribution<int> byte(0, 255);
  bytes out(n);
  for (auto& x : out)
    x = static_cast<std::uint8_t>(byte(rng));
  return out;
}

// One message: same output from both, each opens the other's.
void compare(const backend& b, const backend& ref, const cipher_info& info, bytes_view key,
             bytes_view nonce, const bytes& plain) {
  auto ours = get_context(b.name(), info.name, key);
  auto theirs = get_context(ref.name(), info.name, key);
  bytes a = encrypt(*ours, nonce, plain);
  bytes z = encrypt(*theirs, nonce, plain);
  CHECK(to_hex(a) == to_hex(z));
  CHECK(decrypt(*ours, nonce, z) == plain);
  CHECK(decrypt(*theirs, nonce, a) == plain);
}

} // namespace

TEST_CASE("cross-check: every back-end equals OpenSSL (or libsodium) for random inputs") {
  int pairs = 0;
  for_each_available_cipher([&pairs](const backend& b, const cipher_info& info) {
    const backend* ref = reference_for(b, info.name);
    if (ref == nullptr)
      return;
    CAPTURE(b.name());
    CAPTURE(info.name);
    CAPTURE(ref->name());
    ++pairs;
    std::mt19937 rng{17};
    std::uniform_int_distribution<std::size_t> length(0, 2048);
    for (int i = 0; i < 50; ++i) {
      CAPTURE(i);
      bytes key = random_bytes(rng, info.key_size);
      bytes nonce = random_bytes(rng, info.nonce_size);
      bytes plain = random_bytes(rng, length(rng));
      CAPTURE(plain.size());
      compare(b, *ref, info, key, nonce, plain);
    }
  });
  // libsodium alone gives two pairs with OpenSSL (aes-256-gcm where the CPU
  // has it, chacha20-poly1305).
  CHECK(pairs >= 2);
}

TEST_CASE("cross-check: AES-CTR counters carry as one 128-bit big-endian integer") {
  // Random IVs practically never carry out of the low 32 or 64 bits; these
  // do. Block i of a message must be what a one-block message with counter
  // IV + i gives, for every back-end (OpenSSL included).
  const char* const counters[] = {
    "ffffffffffffffffffffffffffffffff", // wraps to zero
    "0000000000000000fffffffffffffffe", // carries into the high 64 bits
    "00000000000000000000000ffffffffe", // carries out of the low 32 bits
  };
  int checked = 0;
  for_each_available_cipher([&checked, &counters](const backend& b, const cipher_info& info) {
    if (info.name != "aes-128-ctr" && info.name != "aes-256-ctr")
      return;
    CAPTURE(b.name());
    CAPTURE(info.name);
    ++checked;
    auto ctx = get_context(b.name(), info.name, pattern(info.key_size, 30));
    for (const char* counter : counters) {
      CAPTURE(counter);
      const bytes plain = pattern(4 * 16, 31);
      bytes whole = encrypt(*ctx, hex(counter), plain);
      bytes iv = hex(counter);
      for (std::size_t block = 0; block < 4; ++block) {
        CAPTURE(block);
        bytes one(plain.begin() + 16 * block, plain.begin() + 16 * (block + 1));
        bytes expected(whole.begin() + 16 * block, whole.begin() + 16 * (block + 1));
        CHECK(to_hex(encrypt(*ctx, iv, one)) == to_hex(expected));
        // The next counter: +1 as a 128-bit big-endian integer.
        for (std::size_t i = iv.size(); i-- > 0 && ++iv[i] == 0;) {
        }
      }
    }
  });
  CHECK(checked >= 2); // OpenSSL's two at least
}
