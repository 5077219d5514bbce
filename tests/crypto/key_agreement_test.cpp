#include <doctest/doctest.h>

#include <ostream> // doctest prints the prepared secret's pointer
#include <string>

#include "crypto/key_agreement.hpp"

using namespace actorbench::crypto;

namespace {

bytes ka_hex(const char* s) {
  return *from_hex(s);
}

std::string ka_hex_of(const digest& d) {
  return to_hex({d.data(), d.size()});
}

} // namespace

TEST_CASE("key agreement: lookup by name, unknown names listed") {
  CHECK((*find_key_agreement("sodium"))->name() == "sodium");
  CHECK((*find_key_agreement("openssl"))->name() == "openssl");
  auto bad = find_key_agreement("rot13");
  REQUIRE(!bad);
  CHECK(bad.err().code == errc::unknown_backend);
  CHECK(bad.err().detail.find("openssl, sodium") != std::string::npos);
}

TEST_CASE("key agreement: RFC 7748 X25519, SHA-256 and RFC 5869 HKDF vectors on both libraries") {
  const bytes alice = ka_hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
  const bytes alice_pub =
    ka_hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
  const bytes bob = ka_hex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
  const bytes bob_pub = ka_hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
  const std::string shared = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";
  for (const char* name : {"sodium", "openssl"}) {
    CAPTURE(name);
    const key_agreement& ka = **find_key_agreement(name);
    CHECK(to_hex(*ka.dh(alice, bob_pub)) == shared);
    CHECK(to_hex(*ka.dh(bob, alice_pub)) == shared);
    CHECK(ka_hex_of(*ka.hash(std::string_view{"ab"}, std::string_view{"c"}))
          == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // RFC 5869 case 3 (empty salt, which HMAC pads exactly as 32 zero bytes).
    auto keys = ka.hkdf2(digest{}, ka_hex("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b"));
    REQUIRE(keys);
    const auto& [first, second] = *keys;
    CHECK(ka_hex_of(first) == "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d");
    CHECK(ka_hex_of(second).substr(0, 20) == "9d201395faa4b61a96c8");
  }
}

TEST_CASE("key agreement: a low-order peer key (all-zero shared secret) is refused") {
  const bytes zero_point(32, 0);
  for (const char* name : {"sodium", "openssl"}) {
    CAPTURE(name);
    const key_agreement& ka = **find_key_agreement(name);
    auto kp = ka.generate();
    REQUIRE(kp);
    auto r = ka.dh(kp->secret_key, zero_point);
    REQUIRE(!r);
    CHECK(r.err().code == errc::bad_input);
    CHECK(ka.dh(kp->secret_key, bytes(31)).err().code == errc::bad_key_length);
  }
}

TEST_CASE("key agreement: fresh pairs agree across libraries and the AEAD interoperates") {
  const key_agreement& so = **find_key_agreement("sodium");
  const key_agreement& os = **find_key_agreement("openssl");
  auto a = so.generate();
  auto b = os.generate();
  REQUIRE(a);
  REQUIRE(b);
  CHECK(a->public_key != b->public_key);
  const bytes k = *so.dh(a->secret_key, b->public_key);
  CHECK(k == *os.dh(b->secret_key, a->public_key));

  const bytes nonce(12, 7), ad = ka_hex("0102"), msg = ka_hex("48656c6c6f");
  bytes sealed(msg.size() + key_agreement::tag_size), plain(msg.size());
  REQUIRE(*so.seal(k, nonce, ad, msg, sealed.data()) == sealed.size());
  bytes other(sealed.size());
  REQUIRE(os.seal(k, nonce, ad, msg, other.data()));
  CHECK(sealed == other);
  REQUIRE(*os.open(k, nonce, ad, sealed, plain.data()) == msg.size());
  CHECK(plain == msg);
  for (const key_agreement* ka : {&so, &os}) {
    bytes bad = sealed;
    bad[0] ^= 1;
    CHECK(ka->open(k, nonce, ad, bad, plain.data()).err().code == errc::authentication_failed);
    CHECK(ka->open(k, nonce, ka_hex("0103"), sealed, plain.data()).err().code
          == errc::authentication_failed);
    CHECK(ka->open(k, nonce, ad, bytes(3), plain.data()).err().code == errc::bad_input);
  }
}

TEST_CASE("key agreement: a prepared secret gives the RFC 7748 result, with its own library only") {
  const bytes alice = ka_hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
  const bytes bob_pub = ka_hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
  const std::string shared = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";
  const key_agreement& ossl = **find_key_agreement("openssl");
  const key_agreement& sodium = **find_key_agreement("sodium");
  auto prepared = ossl.prepare(alice);
  REQUIRE(prepared);
  REQUIRE(*prepared != nullptr);
  CHECK((*prepared)->owner() == &ossl);
  CHECK(to_hex(*ossl.dh(prepared->get(), alice, bob_pub)) == shared);
  // Another library ignores it and uses the bytes.
  CHECK(to_hex(*sodium.dh(prepared->get(), alice, bob_pub)) == shared);
  // libsodium prepares nothing: the bytes are used every time.
  auto none = sodium.prepare(alice);
  REQUIRE(none);
  CHECK(*none == nullptr);
  CHECK(to_hex(*sodium.dh(none->get(), alice, bob_pub)) == shared);
  for (const key_agreement* ka : {&ossl, &sodium}) {
    auto bad = ka->prepare(bytes(31, 1));
    REQUIRE(!bad);
    CHECK(bad.err().code == errc::bad_key_length);
  }
  // A low-order peer is refused with a prepared secret as without.
  const bytes zero_point(32, 0);
  CHECK(!ossl.dh(prepared->get(), alice, zero_point));
}

TEST_CASE(
  "key agreement: a generated pair's prepared secret agrees with its bytes and across "
  "libraries") {
  const key_agreement& ossl = **find_key_agreement("openssl");
  const key_agreement& sodium = **find_key_agreement("sodium");
  for (const key_agreement* ka : {&ossl, &sodium}) {
    const key_agreement* other = ka == &ossl ? &sodium : &ossl;
    CAPTURE(ka->name());
    auto own = ka->generate_prepared();
    REQUIRE(own);
    REQUIRE(own->keys.public_key.size() == key_agreement::key_size);
    REQUIRE(own->keys.secret_key.size() == key_agreement::key_size);
    // OpenSSL keeps its generator's EVP_PKEY; libsodium has no other form.
    CHECK((own->prepared != nullptr) == (ka == &ossl));
    if (own->prepared)
      CHECK(own->prepared->owner() == ka);
    auto peer = other->generate();
    REQUIRE(peer);
    const auto with_prepared = ka->dh(own->prepared.get(), own->keys.secret_key, peer->public_key);
    REQUIRE(with_prepared);
    CHECK(*with_prepared == *ka->dh(own->keys.secret_key, peer->public_key));
    // The other library, from the bytes of the public key: the prepared form
    // holds the secret that key belongs to.
    CHECK(*with_prepared == *other->dh(peer->secret_key, own->keys.public_key));
    // Handed to the other library, the prepared form is ignored for the bytes.
    CHECK(*with_prepared
          == *other->dh(own->prepared.get(), own->keys.secret_key, peer->public_key));
    CHECK(!ka->dh(own->prepared.get(), own->keys.secret_key, bytes(32, 0)));
  }
  // Two generated pairs differ, in both forms.
  auto a = ossl.generate_prepared();
  auto b = ossl.generate_prepared();
  REQUIRE(a);
  REQUIRE(b);
  CHECK(a->keys.secret_key != b->keys.secret_key);
  auto probe_pair = sodium.generate();
  REQUIRE(probe_pair);
  const bytes& probe = probe_pair->public_key;
  CHECK(*ossl.dh(a->prepared.get(), a->keys.secret_key, probe)
        != *ossl.dh(b->prepared.get(), b->keys.secret_key, probe));
}
