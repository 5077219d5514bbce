#include <doctest/doctest.h>

#include "bench/scenarios/fanout/payload.hpp"
#include "crypto/registry.hpp"

namespace actorbench {

TEST_CASE("the Erlang experiment's payload: AES-128-CTR of Hello World! under its key and zero IV") {
  const auto& reg = crypto::registry::instance();
  const auto* openssl = *reg.find("openssl");
  auto cipher = reg.find_cipher(*openssl, "aes-128-ctr");
  REQUIRE(cipher);
  auto p = actors::make_payload(*openssl, **cipher);
  REQUIRE(p);
  CHECK(p->plaintext == "Hello World!");
  CHECK(crypto::to_hex(p->key) == "0123456789abcdeff0123456789abcde");
  CHECK(crypto::to_hex(p->nonce) == "00000000000000000000000000000000");
  // printf 'Hello World!' | openssl enc -aes-128-ctr
  //   -K 0123456789ABCDEFF0123456789ABCDE -iv 00000000000000000000000000000000 | xxd -p
  CHECK(crypto::to_hex(p->ciphertext) == "d33b875cf2cf2104a69d9d42");
}

TEST_CASE("longer keys repeat the experiment's key; every payload decrypts back") {
  const auto& reg = crypto::registry::instance();
  for (const auto* b : reg.backends()) {
    for (const auto& c : b->ciphers()) {
      if (!c.available)
        continue;
      CAPTURE(c.name);
      auto p = actors::make_payload(*b, c);
      REQUIRE(p);
      CHECK(p->key.size() == c.key_size);
      CHECK(p->nonce.size() == c.nonce_size);
      CHECK(p->ciphertext.size() == p->plaintext.size() + c.overhead);
      auto ctx = b->make_context(c.name, p->key);
      REQUIRE(ctx);
      std::string out(p->ciphertext.size(), '\0');
      auto n =
        (*ctx)->decrypt(p->nonce, p->ciphertext, reinterpret_cast<std::uint8_t*>(out.data()));
      REQUIRE(n);
      out.resize(*n);
      CHECK(out == p->plaintext);
    }
  }
}

TEST_CASE("a plaintext longer than a reply can carry is refused") {
  const auto& reg = crypto::registry::instance();
  const auto* none = *reg.find("none");
  auto p = actors::make_payload(*none, none->ciphers().front(), std::string(65, 'x'));
  REQUIRE_FALSE(p);
  CHECK(p.err().code == actors::errc::bad_parameter);
}

} // namespace actorbench
