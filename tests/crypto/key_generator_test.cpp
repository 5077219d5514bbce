#include <doctest/doctest.h>

#include <atomic>
#include <string>
#include <vector>

#include "crypto/key_generator.hpp"

using namespace actorbench::crypto;

namespace {

std::unique_ptr<key_generator> make(key_algorithm algo, std::size_t bits,
                                    std::string backend = "openssl") {
  auto gen = make_key_generator({algo, bits, std::move(backend)});
  REQUIRE_MESSAGE(gen, (gen ? "" : gen.err().detail));
  return std::move(*gen);
}

// Generates two keys (the second proves the context is reusable) and
// validates both.
void generates_valid_keys(key_algorithm algo, std::size_t bits, const std::string& backend) {
  CAPTURE(std::string{to_string(algo)});
  CAPTURE(bits);
  CAPTURE(backend);
  auto gen = make(algo, bits, backend);
  for (int i = 0; i < 2; ++i) {
    auto key = gen->generate();
    REQUIRE_MESSAGE(key, (key ? "" : key.err().detail));
    auto ok = gen->validate(*key);
    REQUIRE_MESSAGE(ok, (ok ? "" : ok.err().detail));
    CHECK(*ok);
    CHECK(!to_pem(*key).empty());
  }
}

} // namespace

TEST_CASE("key algorithm names round-trip") {
  for (auto a : {key_algorithm::rsa, key_algorithm::dh, key_algorithm::ec, key_algorithm::x25519,
                 key_algorithm::ed25519})
    CHECK(parse_key_algorithm(to_string(a)) == a);
  CHECK_FALSE(parse_key_algorithm("RSA"));
  CHECK_FALSE(parse_key_algorithm("dsa"));
  CHECK(describe({key_algorithm::rsa, 2048, "openssl"}) == "rsa-2048 (openssl)");
  CHECK(describe({key_algorithm::x25519, 0, "sodium"}) == "x25519 (sodium)");
}

TEST_CASE("openssl RSA keys at 512 and 1024 bits validate") {
  generates_valid_keys(key_algorithm::rsa, 512, "openssl");
  generates_valid_keys(key_algorithm::rsa, 1024, "openssl");
}

TEST_CASE("openssl DH safe-prime parameters at 512 bits validate") {
  generates_valid_keys(key_algorithm::dh, 512, "openssl");
}

TEST_CASE("openssl EC keys on P-256 and P-384 validate") {
  generates_valid_keys(key_algorithm::ec, 256, "openssl");
  generates_valid_keys(key_algorithm::ec, 384, "openssl");
}

TEST_CASE("x25519 and ed25519 keys validate with both back-ends") {
  for (const char* backend : {"openssl", "sodium"}) {
    generates_valid_keys(key_algorithm::x25519, 0, backend);
    generates_valid_keys(key_algorithm::ed25519, 0, backend);
  }
}

TEST_CASE("a PEM dump holds the private key or the DH parameters") {
  auto rsa = make(key_algorithm::rsa, 512);
  auto key = rsa->generate();
  REQUIRE(key);
  CHECK(to_pem(*key).rfind("-----BEGIN PRIVATE KEY-----", 0) == 0);
  auto dh = make(key_algorithm::dh, 512);
  auto params = dh->generate();
  REQUIRE(params);
  CHECK(to_pem(*params).rfind("-----BEGIN DH PARAMETERS-----", 0) == 0);
  auto x = make(key_algorithm::x25519, 0, "sodium");
  auto raw = x->generate();
  REQUIRE(raw);
  auto text = to_pem(*raw);
  CHECK(text.rfind("secret_key ", 0) == 0);
  CHECK(text.find("\npublic_key ") == 11 + 64);
  CHECK(to_pem(generated_key{}).empty());
}

TEST_CASE("a tampered ed25519 signature is rejected") {
  for (const char* backend : {"openssl", "sodium"}) {
    CAPTURE(backend);
    auto gen = make(key_algorithm::ed25519, 0, backend);
    auto key = gen->generate();
    REQUIRE(key);
    const std::string_view msg = "hello";
    auto sig = sign(*key, msg);
    REQUIRE(sig);
    CHECK(sig->size() == 64);
    auto good = verify(*key, msg, *sig);
    REQUIRE(good);
    CHECK(*good);
    for (std::size_t at : {std::size_t{0}, std::size_t{31}, std::size_t{63}}) {
      auto bad = *sig;
      bad[at] ^= 0x80;
      auto rejected = verify(*key, msg, bad);
      REQUIRE(rejected);
      CHECK_FALSE(*rejected);
    }
    auto other_msg = verify(*key, std::string_view{"hellO"}, *sig);
    REQUIRE(other_msg);
    CHECK_FALSE(*other_msg);
    // A key from another generator does not verify this signature.
    auto other = gen->generate();
    REQUIRE(other);
    auto wrong_key = verify(*other, msg, *sig);
    REQUIRE(wrong_key);
    CHECK_FALSE(*wrong_key);
  }
}

TEST_CASE("signing with a non-ed25519 key is an error") {
  auto gen = make(key_algorithm::x25519, 0, "sodium");
  auto key = gen->generate();
  REQUIRE(key);
  auto sig = sign(*key, std::string_view{"m"});
  REQUIRE_FALSE(sig);
  CHECK(sig.err().code == errc::bad_input);
}

TEST_CASE("validating a key of another algorithm is an error, not a pass") {
  auto ec = make(key_algorithm::ec, 256);
  auto x = make(key_algorithm::x25519, 0);
  auto key = x->generate();
  REQUIRE(key);
  auto r = ec->validate(*key);
  REQUIRE_FALSE(r);
  CHECK(r.err().code == errc::bad_input);
  auto empty = ec->validate(generated_key{});
  REQUIRE_FALSE(empty);
}

TEST_CASE("sizes outside each algorithm's range are bad key lengths") {
  struct bad_case {
    key_algorithm algo;
    std::size_t bits;
  };
  for (auto c : {bad_case{key_algorithm::rsa, 511}, bad_case{key_algorithm::rsa, 16385},
                 bad_case{key_algorithm::rsa, 0}, bad_case{key_algorithm::dh, 256},
                 bad_case{key_algorithm::dh, 8193}, bad_case{key_algorithm::ec, 255},
                 bad_case{key_algorithm::ec, 521}}) {
    CAPTURE(std::string{to_string(c.algo)});
    CAPTURE(c.bits);
    auto gen = make_key_generator({c.algo, c.bits, "openssl"});
    REQUIRE_FALSE(gen);
    CHECK(gen.err().code == errc::bad_key_length);
    CHECK(gen.err().detail.find(std::to_string(c.bits)) != std::string::npos);
  }
  auto dh = make_key_generator({key_algorithm::dh, 256, "openssl"});
  REQUIRE_FALSE(dh);
  CHECK(dh.err().detail.find("512") != std::string::npos);
  // Sizes are ignored where the algorithm has none.
  CHECK(make_key_generator({key_algorithm::x25519, 12345, "openssl"}));
  CHECK(make_key_generator({key_algorithm::ed25519, 1, "sodium"}));
}

TEST_CASE("unknown back-ends and sodium without the algorithm are errors") {
  auto unknown = make_key_generator({key_algorithm::rsa, 2048, "gnutls"});
  REQUIRE_FALSE(unknown);
  CHECK(unknown.err().code == errc::unknown_backend);
  for (auto algo : {key_algorithm::rsa, key_algorithm::dh, key_algorithm::ec}) {
    CAPTURE(std::string{to_string(algo)});
    auto gen = make_key_generator({algo, algo == key_algorithm::ec ? 256u : 2048u, "sodium"});
    REQUIRE_FALSE(gen);
    CHECK(gen.err().code == errc::unknown_cipher);
    CHECK(gen.err().detail.find("sodium") != std::string::npos);
  }
}

TEST_CASE("a raised cancel flag makes an RSA generation fail instead of finishing") {
  std::atomic<bool> cancel{true};
  auto gen = make(key_algorithm::rsa, 1024);
  gen->set_cancel_flag(&cancel);
  auto key = gen->generate();
  REQUIRE_FALSE(key);
  CHECK(key.err().code == errc::backend_failure);
  CHECK(key.err().detail.find("cancelled") != std::string::npos);
  // Lowered again, the same generator works.
  cancel = false;
  CHECK(gen->generate());
}
