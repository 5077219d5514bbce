#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "crypto/registry.hpp"

using namespace actorbench::crypto;

namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("registry: back-ends in stable order") {
  const auto& list = registry::instance().backends();
  REQUIRE(list.size() >= 3);
  CHECK(list[0]->name() == "none");
  CHECK(list[1]->name() == "openssl");
  CHECK(list[2]->name() == "sodium");
  // The libraries found at build time follow, in crypto/CMakeLists.txt's order.
  const std::vector<std::string> later = {"nettle",  "gcrypt", "wolfssl",
                                          "mbedtls", "botan",  "cryptopp"};
  std::string names = "none, openssl, sodium";
  auto next = later.begin();
  for (std::size_t i = 3; i < list.size(); ++i) {
    CAPTURE(list[i]->name());
    next = std::find(next, later.end(), std::string{list[i]->name()});
    REQUIRE(next != later.end());
    names += ", " + *next++;
  }
  CHECK(registry::instance().names() == names);
  for (const backend* b : list) {
    CAPTURE(b->name());
    CHECK(b->is_available());
    CHECK_FALSE(b->version().empty());
    CHECK_FALSE(b->ciphers().empty());
  }
}

TEST_CASE("registry: at most 64 ciphers, so the fuzz corpus's index seeds reach every one") {
  std::size_t ciphers = 0;
  for (const backend* b : registry::instance().backends())
    ciphers += b->ciphers().size();
  // tests/fuzz/corpus/crypto has a seed for each cipher index up to 63.
  CHECK(ciphers <= 64);
}

TEST_CASE("registry: find by name") {
  auto b = registry::instance().find("openssl");
  REQUIRE(b);
  CHECK((*b)->name() == "openssl");
}

TEST_CASE("registry: unknown back-end lists the valid names") {
  auto b = registry::instance().find("x");
  REQUIRE_FALSE(b);
  CHECK(b.err().code == errc::unknown_backend);
  CHECK(b.err().detail == "unknown back-end 'x'; valid: " + registry::instance().names());
  CHECK(contains(b.err().detail, "valid: none, openssl, sodium"));
}

TEST_CASE("registry: cipher lists and defaults") {
  const auto& reg = registry::instance();
  auto names_of = [&](std::string_view backend_name) {
    std::string out;
    for (const auto& info : (*reg.find(backend_name))->ciphers())
      out += info.name + " ";
    return out;
  };
  CHECK(names_of("none") == "none ");
  CHECK(names_of("openssl")
        == "aes-128-ctr aes-256-ctr chacha20 aes-128-gcm aes-256-gcm chacha20-poly1305 ");
  CHECK(names_of("sodium")
        == "chacha20-ietf xchacha20 aes-256-gcm chacha20-poly1305 xchacha20-poly1305 ");

  auto openssl = *reg.find("openssl");
  auto def = reg.find_cipher(*openssl, "");
  REQUIRE(def);
  CHECK((*def)->name == "aes-128-ctr");
  CHECK(*def == &openssl->ciphers().front());

  auto sodium = *reg.find("sodium");
  auto sodium_def = reg.find_cipher(*sodium, "");
  REQUIRE(sodium_def);
  CHECK((*sodium_def)->name == "chacha20-ietf");
}

TEST_CASE("registry: cipher descriptions") {
  const auto& reg = registry::instance();
  auto info = [&](std::string_view b, std::string_view c) {
    return (*reg.find(b))->find_cipher(c);
  };
  REQUIRE(info("openssl", "chacha20"));
  CHECK(info("openssl", "chacha20")->key_size == 32);
  CHECK(info("openssl", "chacha20")->nonce_size == 16);
  REQUIRE(info("sodium", "xchacha20"));
  CHECK(info("sodium", "xchacha20")->nonce_size == 24);
  const cipher_info* gcm = info("sodium", "aes-256-gcm");
  REQUIRE(gcm);
  CHECK(gcm->aead);
  CHECK(gcm->overhead == 16);
  CHECK(gcm->nonce_size == 12);
  if (!gcm->available)
    CHECK(gcm->unavailable_reason == "needs AES-NI and PCLMUL");
  CHECK(info("openssl", "aes-128-ctr")->overhead == 0);
  CHECK_FALSE(info("openssl", "aes-128-ctr")->aead);
  const cipher_info* ossl_gcm = info("openssl", "aes-256-gcm");
  REQUIRE(ossl_gcm);
  CHECK(ossl_gcm->aead);
  CHECK(ossl_gcm->overhead == 16);
  CHECK(info("openssl", "chacha20-poly1305-ietf") == nullptr);
}

TEST_CASE("registry: unknown cipher names the back-end and lists its ciphers") {
  const auto& reg = registry::instance();
  auto c = reg.find_cipher(**reg.find("openssl"), "x");
  REQUIRE_FALSE(c);
  CHECK(c.err().code == errc::unknown_cipher);
  CHECK(c.err().detail
        == "unknown cipher 'x' for back-end 'openssl'; valid: aes-128-ctr, aes-256-ctr, chacha20, "
           "aes-128-gcm, aes-256-gcm, chacha20-poly1305");
}

TEST_CASE("registry: available ciphers are found, unavailable ones carry their reason") {
  const auto& reg = registry::instance();
  for (const backend* b : reg.backends()) {
    for (const auto& info : b->ciphers()) {
      CAPTURE(info.name);
      auto found = reg.find_cipher(*b, info.name);
      if (info.available) {
        REQUIRE(found);
        CHECK(*found == &info);
        CHECK(info.unavailable_reason.empty());
      } else {
        REQUIRE_FALSE(found);
        CHECK(found.err().code == errc::cipher_unavailable);
        CHECK(contains(found.err().detail, info.unavailable_reason));
      }
    }
  }
}
