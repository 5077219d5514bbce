#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <openssl/evp.h>
#include <openssl/x509.h>

#include "foreign_key.hpp"
#include "crypto/key_generator.hpp"

using namespace actorbench::crypto;

namespace {

// Stands in for another library: generates with OpenSSL and hands the key
// over encoded as make_foreign_key describes, so the tests know the keys are
// good and can corrupt them on purpose.
class fake_foreign_generator final : public foreign_key_generator {
 public:
  explicit fake_foreign_generator(keygen_request r) : foreign_key_generator(std::move(r)) {}

  result<generated_key> generate() override {
    const char* name = request().algo == key_algorithm::rsa      ? "RSA"
                       : request().algo == key_algorithm::ec     ? "EC"
                       : request().algo == key_algorithm::x25519 ? "X25519"
                                                                 : "ED25519";
    EVP_PKEY* pkey =
      request().algo == key_algorithm::rsa
        ? EVP_PKEY_Q_keygen(nullptr, nullptr, name, request().bits)
      : request().algo == key_algorithm::ec
        ? EVP_PKEY_Q_keygen(nullptr, nullptr, name, request().bits == 256 ? "P-256" : "P-384")
        : EVP_PKEY_Q_keygen(nullptr, nullptr, name);
    REQUIRE(pkey != nullptr);
    bytes encoded;
    if (request().algo == key_algorithm::rsa || request().algo == key_algorithm::ec) {
      PKCS8_PRIV_KEY_INFO* p8 = EVP_PKEY2PKCS8(pkey);
      unsigned char* der = nullptr;
      int len = i2d_PKCS8_PRIV_KEY_INFO(p8, &der);
      REQUIRE(len > 0);
      encoded.assign(der, der + len);
      OPENSSL_free(der);
      PKCS8_PRIV_KEY_INFO_free(p8);
    } else {
      std::size_t len = 32;
      encoded.resize(len);
      REQUIRE(EVP_PKEY_get_raw_private_key(pkey, encoded.data(), &len) == 1);
    }
    EVP_PKEY_free(pkey);
    last_encoding = encoded;
    return make_foreign_key(request().algo, std::move(encoded));
  }

  bytes last_encoding;
};

// Where a flipped byte changes the secret and leaves the DER readable: RSA
// near the end (the CRT coefficient), EC in the private scalar, found after
// ECPrivateKey's "version 1" (02 01 01) and the OCTET STRING tag (04 len).
std::size_t secret_byte(key_algorithm algo, const bytes& der) {
  if (algo == key_algorithm::rsa)
    return der.size() - 3;
  const bytes marker{0x02, 0x01, 0x01, 0x04};
  auto at = std::search(der.begin(), der.end(), marker.begin(), marker.end());
  REQUIRE(at != der.end());
  return static_cast<std::size_t>(at - der.begin()) + marker.size() + 5;
}

// Whether an EC private key's DER carries the public point ([1] after the
// scalar and the optional [0] parameters). Without it, a flipped scalar byte
// is simply another valid key.
bool ec_has_public_key(const bytes& der) {
  std::size_t pos = secret_byte(key_algorithm::ec, der) - 6;
  pos += 2 + der[pos + 1]; // OCTET STRING tag, length, scalar
  if (pos + 1 < der.size() && der[pos] == 0xa0)
    pos += 2 + der[pos + 1];
  return pos < der.size() && der[pos] == 0xa1;
}

bool validates(fake_foreign_generator& gen, const generated_key& key) {
  auto ok = gen.validate(key);
  REQUIRE_MESSAGE(ok, (ok ? "" : ok.err().detail));
  return *ok;
}

} // namespace

TEST_CASE("OpenSSL validates a foreign key and rejects a corrupted one") {
  struct req_case {
    key_algorithm algo;
    std::size_t bits;
  };
  for (auto c : {req_case{key_algorithm::rsa, 1024}, req_case{key_algorithm::ec, 256},
                 req_case{key_algorithm::ec, 384}}) {
    CAPTURE(std::string{to_string(c.algo)});
    CAPTURE(c.bits);
    fake_foreign_generator gen{{c.algo, c.bits, "fake"}};
    auto key = gen.generate();
    REQUIRE(key);
    CHECK(validates(gen, *key));
    CHECK(to_pem(*key).find("BEGIN PRIVATE KEY") != std::string::npos);
    auto corrupted = gen.last_encoding;
    if (c.algo == key_algorithm::ec)
      CHECK(ec_has_public_key(corrupted)); // OpenSSL's PKCS#8 has the point
    corrupted[secret_byte(c.algo, corrupted)] ^= 0x10;
    auto bad = make_foreign_key(c.algo, corrupted);
    // OpenSSL still reads it: the rejection comes from the key checks.
    CHECK(!to_pem(bad).empty());
    CHECK_FALSE(validates(gen, bad));
    // Truncated or padded DER is not read as a key at all.
    auto truncated = gen.last_encoding;
    truncated.resize(truncated.size() / 2);
    CHECK_FALSE(validates(gen, make_foreign_key(c.algo, truncated)));
    auto padded = gen.last_encoding;
    padded.push_back(0);
    CHECK_FALSE(validates(gen, make_foreign_key(c.algo, padded)));
  }
}

TEST_CASE("a foreign key of the wrong size or kind fails validation") {
  fake_foreign_generator p384{{key_algorithm::ec, 384, "fake"}};
  fake_foreign_generator p256{{key_algorithm::ec, 256, "fake"}};
  auto key = p384.generate();
  REQUIRE(key);
  // Same algorithm, other curve: read fine, but not what was requested.
  auto other_curve = make_foreign_key(key_algorithm::ec, p384.last_encoding);
  CHECK_FALSE(validates(p256, other_curve));
  fake_foreign_generator rsa{{key_algorithm::rsa, 1024, "fake"}};
  auto rsa_key = rsa.generate();
  REQUIRE(rsa_key);
  // An RSA key handed over as an EC key is refused, not misread.
  CHECK_FALSE(validates(p256, make_foreign_key(key_algorithm::ec, rsa.last_encoding)));
  // A key of another algorithm than the generator's is a caller error.
  auto wrong = p256.validate(*rsa_key);
  REQUIRE_FALSE(wrong);
  CHECK(wrong.err().code == errc::bad_input);
}

TEST_CASE("raw foreign X25519 and Ed25519 keys validate; a wrong length does not") {
  for (auto algo : {key_algorithm::x25519, key_algorithm::ed25519}) {
    CAPTURE(std::string{to_string(algo)});
    fake_foreign_generator gen{{algo, 0, "fake"}};
    auto key = gen.generate();
    REQUIRE(key);
    CHECK(validates(gen, *key));
    CHECK(!to_pem(*key).empty());
    auto short_key = gen.last_encoding;
    short_key.pop_back();
    CHECK_FALSE(validates(gen, make_foreign_key(algo, short_key)));
  }
}

TEST_CASE("a foreign Ed25519 key signs, and the signature verifies") {
  fake_foreign_generator gen{{key_algorithm::ed25519, 0, "fake"}};
  auto key = gen.generate();
  REQUIRE(key);
  const bytes msg{1, 2, 3};
  auto sig = sign(*key, msg);
  REQUIRE(sig);
  CHECK(sig->size() == 64);
  auto ok = verify(*key, msg, *sig);
  REQUIRE(ok);
  CHECK(*ok);
  (*sig)[10] ^= 1;
  ok = verify(*key, msg, *sig);
  REQUIRE(ok);
  CHECK_FALSE(*ok);
}

TEST_CASE("an unknown key generation back-end's error lists the known ones") {
  auto gen = make_key_generator({key_algorithm::rsa, 2048, "gnutls"});
  REQUIRE_FALSE(gen);
  CHECK(gen.err().code == errc::unknown_backend);
  CHECK(gen.err().detail.find("'gnutls'") != std::string::npos);
  for (const auto& name : key_generation_backends()) {
    CAPTURE(name);
    CHECK(gen.err().detail.find(name) != std::string::npos);
  }
  CHECK(key_generation_backends().at(0) == "openssl");
}

TEST_CASE("foreign DH parameters in PKCS#3 DER validate; a corrupted prime does not") {
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_name(nullptr, "DH", nullptr);
  REQUIRE(ctx != nullptr);
  EVP_PKEY* params = nullptr;
  REQUIRE(EVP_PKEY_paramgen_init(ctx) == 1);
  REQUIRE(EVP_PKEY_CTX_set_dh_paramgen_prime_len(ctx, 512) == 1);
  REQUIRE(EVP_PKEY_CTX_set_dh_paramgen_generator(ctx, 2) == 1);
  REQUIRE(EVP_PKEY_paramgen(ctx, &params) == 1);
  unsigned char* der = nullptr;
  int len = i2d_KeyParams(params, &der);
  REQUIRE(len > 0);
  bytes encoded(der, der + len);
  OPENSSL_free(der);
  EVP_PKEY_free(params);
  EVP_PKEY_CTX_free(ctx);
  fake_foreign_generator gen{{key_algorithm::dh, 512, "fake"}};
  CHECK(validates(gen, make_foreign_key(key_algorithm::dh, encoded)));
  CHECK(to_pem(make_foreign_key(key_algorithm::dh, encoded)).find("DH PARAMETERS")
        != std::string::npos);
  // The prime's low byte sits before the generator (02 01 02): make it even.
  encoded[encoded.size() - 4] ^= 0x01;
  CHECK_FALSE(validates(gen, make_foreign_key(key_algorithm::dh, encoded)));
}

namespace {

// The sizes each algorithm is tried at, smallest first (a library may refuse
// the smaller RSA size; only the first it takes is generated, to stay fast
// under sanitizers), except EC, where both curves run.
struct algo_sizes {
  key_algorithm algo;
  std::vector<std::size_t> bits;
};

const algo_sizes keygen_cases[] = {
  {key_algorithm::rsa, {1024, 2048}}, {key_algorithm::dh, {512}},
  {key_algorithm::ec, {256, 384}},    {key_algorithm::x25519, {0}},
  {key_algorithm::ed25519, {0}},
};

// A generated foreign key must validate; a truncated copy, and for DER keys
// a copy with a flipped secret byte, must not.
void check_generated(key_generator& gen) {
  auto key = gen.generate();
  REQUIRE_MESSAGE(key, (key ? "" : key.err().detail));
  auto ok = gen.validate(*key);
  REQUIRE_MESSAGE(ok, (ok ? "" : ok.err().detail));
  CHECK(*ok);
  CHECK(!to_pem(*key).empty());
  const auto algo = gen.request().algo;
  bytes encoded = foreign_encoding(*key);
  if (gen.request().backend == "openssl" || gen.request().backend == "sodium")
    return; // their own keys are opaque; key_generator_test.cpp covers them
  REQUIRE(!encoded.empty());
  bytes truncated(encoded.begin(), encoded.begin() + encoded.size() / 2);
  auto cut = gen.validate(make_foreign_key(algo, truncated));
  REQUIRE(cut);
  CHECK_FALSE(*cut);
  if (algo == key_algorithm::rsa || (algo == key_algorithm::ec && ec_has_public_key(encoded))) {
    encoded[secret_byte(algo, encoded)] ^= 0x10;
    auto flipped = gen.validate(make_foreign_key(algo, encoded));
    REQUIRE(flipped);
    CHECK_FALSE(*flipped);
  }
}

} // namespace

TEST_CASE("keygen: every back-end's keys of every algorithm it offers validate in OpenSSL") {
  for (const auto& backend : key_generation_backends()) {
    CAPTURE(backend);
    int offered = 0;
    for (const auto& c : keygen_cases) {
      CAPTURE(std::string{to_string(c.algo)});
      for (std::size_t bits : c.bits) {
        CAPTURE(bits);
        auto gen = make_key_generator({c.algo, bits, backend});
        if (!gen) {
          // Not offered, or not at this size: a refusal must say which.
          CHECK((gen.err().code == errc::unknown_cipher || gen.err().code == errc::bad_key_length));
          CHECK(!gen.err().detail.empty());
          continue;
        }
        ++offered;
        CHECK((*gen)->request().backend == backend);
        check_generated(**gen);
        if (c.algo != key_algorithm::ec)
          break;
      }
    }
    CHECK(offered > 0);
  }
}
