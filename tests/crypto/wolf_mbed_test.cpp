#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "crypto/key_generator.hpp"
#include "crypto/registry.hpp"
#include "test_util.hpp"

using namespace actorbench::crypto;
using namespace actorbench::crypto::test;

namespace {

// The wolfSSL and Mbed TLS back-ends, those this build has.
std::vector<const backend*> wolf_mbed() {
  std::vector<const backend*> out;
  for (const backend* b : registry::instance().backends())
    if (b->name() == "wolfssl" || b->name() == "mbedtls")
      out.push_back(b);
  return out;
}

// IVs that reach the edges of the counter handling: a plain pattern, an
// AES-CTR counter block about to carry out of its low 64 bits (and wrap the
// whole 128 bits), a ChaCha20 IV whose little-endian block counter is not 0.
std::vector<bytes> nonces_for(const cipher_info& info) {
  std::vector<bytes> out{pattern(info.nonce_size, 3)};
  if (info.name.find("-ctr") != std::string::npos) {
    out.push_back(hex("00000000000000fffffffffffffffffe"));
    out.push_back(hex("fffffffffffffffffffffffffffffffe"));
  }
  if (info.name == "chacha20")
    out.push_back(hex("05000000000000000000004a00000000"));
  return out;
}

} // namespace

TEST_CASE(
  "wolfssl/mbedtls: output equals OpenSSL's (libsodium's for xchacha) on one reused "
  "context") {
  const auto list = wolf_mbed();
  if (list.empty())
    MESSAGE("neither wolfSSL nor Mbed TLS is in this build");
  for (const backend* b : list)
    for (const cipher_info& info : b->ciphers()) {
      CAPTURE(b->name());
      CAPTURE(info.name);
      const bytes key = pattern(info.key_size, 11);
      auto ours = get_context(b->name(), info.name, key);
      auto theirs = reference_context(info.name, key);
      // One context for every size and nonce: state left over from an odd
      // length (a partial key-stream block) must not leak into the next.
      for (const bytes& nonce : nonces_for(info))
        for (std::size_t size : {0, 1, 15, 16, 17, 64, 65, 1023, 1024, 1025}) {
          CAPTURE(size);
          const bytes plain = pattern(size, static_cast<std::uint8_t>(size));
          const bytes sealed = encrypt(*ours, nonce, plain);
          CHECK(sealed == encrypt(*theirs, nonce, plain));
          CHECK(decrypt(*ours, nonce, sealed) == plain);
          bytes once(sealed.size());
          auto n = b->decrypt_once(info.name, key, nonce, sealed, once.data());
          REQUIRE(n);
          once.resize(*n);
          CHECK(once == plain);
          CHECK(encrypt_once(*b, info.name, key, nonce, plain) == sealed);
        }
    }
}

TEST_CASE("wolfssl/mbedtls: a forged AEAD message leaves no plaintext in the output") {
  for (const backend* b : wolf_mbed())
    for (const cipher_info& info : b->ciphers()) {
      if (!info.aead)
        continue;
      CAPTURE(b->name());
      CAPTURE(info.name);
      const bytes key = pattern(info.key_size, 5);
      const bytes nonce = pattern(info.nonce_size, 6);
      const bytes plain = pattern(100, 7);
      auto ctx = get_context(b->name(), info.name, key);
      bytes sealed = encrypt(*ctx, nonce, plain);
      sealed.back() ^= 1;
      bytes out(sealed.size(), 0xAA);
      auto r = ctx->decrypt(nonce, sealed, out.data());
      REQUIRE_FALSE(r);
      CHECK(r.err().code == errc::authentication_failed);
      // Whatever the library wrote first, the caller never sees plaintext:
      // at most a few bytes may match it by chance.
      std::size_t matching = 0;
      for (std::size_t i = 0; i < plain.size(); ++i)
        matching += out[i] == plain[i] ? 1 : 0;
      CHECK(matching < 10);
    }
}

TEST_CASE("wolfssl/mbedtls: version names the library and, for Mbed TLS, its AES path") {
  for (const backend* b : wolf_mbed()) {
    const std::string v = b->version();
    CAPTURE(v);
    if (b->name() == "wolfssl")
      CHECK(v.rfind("wolfSSL 5.", 0) == 0);
    else {
      CHECK(v.rfind("Mbed TLS 2.", 0) == 0);
      CHECK((v.find("AES-NI") != std::string::npos || v.find("portable AES") != std::string::npos));
    }
  }
}

namespace {

// The key generation back-ends of the two libraries this build has.
std::vector<std::string> wolf_mbed_keygen() {
  std::vector<std::string> out;
  for (const std::string& name : key_generation_backends())
    if (name == "wolfssl" || name == "mbedtls")
      out.push_back(name);
  return out;
}

} // namespace

TEST_CASE("wolfssl/mbedtls: generated keys are read and validated by OpenSSL") {
  struct algo_case {
    key_algorithm algo;
    std::size_t bits;
  };
  // RSA at 1024 bits keeps the case fast under sanitizers.
  const algo_case cases[] = {{key_algorithm::rsa, 1024},
                             {key_algorithm::ec, 256},
                             {key_algorithm::ec, 384},
                             {key_algorithm::x25519, 0},
                             {key_algorithm::ed25519, 0}};
  for (const std::string& name : wolf_mbed_keygen())
    for (const algo_case& c : cases) {
      keygen_request req;
      req.algo = c.algo;
      req.bits = c.bits == 0 ? req.bits : c.bits;
      req.backend = name;
      CAPTURE(describe(req));
      auto gen = make_key_generator(req);
      if (name == "mbedtls" && c.algo == key_algorithm::ed25519) {
        // Mbed TLS 2.28 has no Ed25519: refused, naming what it offers.
        REQUIRE_FALSE(gen);
        CHECK(gen.err().code == errc::unknown_cipher);
        CHECK(gen.err().detail.find("x25519") != std::string::npos);
        continue;
      }
      REQUIRE(gen);
      auto a = (*gen)->generate();
      auto b = (*gen)->generate();
      REQUIRE(a);
      REQUIRE(b);
      auto ok = (*gen)->validate(*a);
      REQUIRE(ok);
      CHECK(*ok);
      // Two generations give two different keys.
      CHECK(to_pem(*a) != to_pem(*b));
    }
}

TEST_CASE("wolfssl/mbedtls: keygen refuses DH and out-of-range RSA sizes") {
  for (const std::string& name : wolf_mbed_keygen()) {
    CAPTURE(name);
    keygen_request dh;
    dh.algo = key_algorithm::dh;
    dh.backend = name;
    auto g = make_key_generator(dh);
    REQUIRE_FALSE(g);
    CHECK(g.err().code == errc::unknown_cipher);
    keygen_request odd;
    odd.bits = 2049;
    odd.backend = name;
    auto o = make_key_generator(odd);
    REQUIRE_FALSE(o);
    CHECK(o.err().code == errc::bad_key_length);
  }
}
