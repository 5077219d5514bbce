// A primitive that fails (SHA-256, HMAC, X25519, the AEAD's seal or open)
// fails the handshake on the side it fails on: no keys are derived from a
// digest or key the library did not make. scripted_key_agreement makes the
// n-th call of one kind fail, for every n a handshake reaches.
#include <doctest/doctest.h>

#include <new>

#include "actors/session_pool/handshake.hpp"
#include "crypto/secret.hpp"
#include "tests/actors/session_pool/scripted_key_agreement.hpp"

using namespace actorbench;
using namespace actorbench::actors;
using fault = testing::scripted_key_agreement::fault;

namespace {

struct outcome {
  bool completed = false;
  bool fired = false;
};

// One handshake in `pattern` with the failure scripted on the client's
// (client_side) or the server's key agreement.
outcome run(const crypto::key_agreement& real, handshake_pattern pattern, bool client_side,
            fault kind, std::size_t after) {
  testing::scripted_key_agreement scripted{real};
  scripted.fail(kind, after);
  const crypto::key_agreement& cka = client_side ? scripted : real;
  const crypto::key_agreement& ska = client_side ? real : scripted;
  static const auto id = *server_identity::generate(real);
  static const crypto::key_pair client_static = *real.generate();
  static const std::vector<crypto::bytes> known{client_static.public_key};
  client_options copt;
  copt.pattern = pattern;
  copt.static_keys = &client_static;
  server_options sopt;
  sopt.pattern = pattern;
  sopt.known_clients = &known;
  outcome out;
  auto client = client_handshake::begin(cka, id.public_key, {}, copt);
  if (client) {
    auto accepted = respond(ska, id, client->hello(), nullptr, 0, sopt);
    if (accepted) {
      auto keys = client->finish(accepted->reply);
      out.completed = keys && keys->send == accepted->keys.receive;
    }
  }
  out.fired = scripted.fired();
  return out;
}

} // namespace

TEST_CASE(
  "handshake faults: a failing hash, HMAC, DH, seal or open fails the handshake on either side") {
  const auto& real = **crypto::find_key_agreement("sodium");
  for (auto pattern : {handshake_pattern::nk, handshake_pattern::ik}) {
    for (bool client_side : {true, false}) {
      for (auto kind : {fault::hash, fault::hmac, fault::dh, fault::seal, fault::open}) {
        CAPTURE(static_cast<int>(pattern));
        CAPTURE(client_side);
        CAPTURE(static_cast<int>(kind));
        std::size_t fired = 0;
        for (std::size_t after = 0; after < 64; ++after) {
          CAPTURE(after);
          const outcome o = run(real, pattern, client_side, kind, after);
          // Past the last call of this kind nothing fails and all completes.
          CHECK(o.completed != o.fired);
          if (!o.fired)
            break;
          ++fired;
        }
        // Every kind is used by every side (the client opens the reply, the
        // server the hello), so each was made to fail at least once.
        CHECK(fired > 0);
      }
    }
  }
}

TEST_CASE("handshake faults: a forced HMAC failure gives an error, not keys from a zero digest") {
  const auto& real = **crypto::find_key_agreement("openssl");
  testing::scripted_key_agreement scripted{real};
  scripted.fail(fault::hmac, 0);
  auto id = server_identity::generate(real);
  REQUIRE(id);
  auto client = client_handshake::begin(scripted, id->public_key);
  REQUIRE(!client);
  CHECK(client.err().code == errc::crypto_failure);
  CHECK(scripted.fired());
  auto good = client_handshake::begin(real, id->public_key);
  REQUIRE(good);
  scripted.fail(fault::hmac, 0);
  auto accepted = respond(scripted, *id, good->hello(), nullptr, 0);
  REQUIRE(!accepted);
  CHECK(accepted.err().code == errc::crypto_failure);
}

TEST_CASE("handshake faults: a failing open leaves no unverified plaintext behind") {
  const auto& real = **crypto::find_key_agreement("sodium");
  testing::scripted_key_agreement scripted{real};
  scripted.fail(fault::open, 0);
  const crypto::bytes key(32, 7), nonce(12, 0), plain(20, 0x41);
  crypto::bytes sealed(plain.size() + 16), out(plain.size(), 0x55);
  REQUIRE(real.seal(key, nonce, {}, plain, sealed.data()));
  CHECK(!scripted.open(key, nonce, {}, sealed, out.data()));
  CHECK(out == crypto::bytes(plain.size(), 0));
}

TEST_CASE("secret_array: its bytes are zeros once it is destroyed") {
  alignas(crypto::secret_array<32>) std::uint8_t storage[sizeof(crypto::secret_array<32>)];
  auto* s = new (storage) crypto::secret_array<32>();
  s->fill(0xab);
  s->~secret_array();
  std::size_t nonzero = 0;
  for (std::uint8_t b : storage)
    nonzero += b != 0;
  CHECK(nonzero == 0);
}
