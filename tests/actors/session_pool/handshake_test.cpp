#include <doctest/doctest.h>

#include <string>

#include "actors/session_pool/connect_token.hpp"
#include "actors/session_pool/handshake.hpp"

using namespace actorbench;
using namespace actorbench::actors;

namespace {

const crypto::key_agreement& hs_agreement(const char* name) {
  return **crypto::find_key_agreement(name);
}

const crypto::bytes hs_token_key(32, 0x5a);
constexpr std::uint64_t hs_now = 1'800'000'000;

crypto::bytes token(const crypto::key_agreement& ka, std::uint64_t id, std::uint64_t expiry,
                    std::string address = {}) {
  return *issue_token(ka, hs_token_key, token_fields{42, expiry, id, std::move(address)});
}

} // namespace

TEST_CASE("handshake: both ends derive matching per-direction keys, across libraries") {
  for (const auto& libs : {std::pair{"sodium", "sodium"},
                           {"openssl", "openssl"},
                           {"sodium", "openssl"},
                           {"openssl", "sodium"}}) {
    // Named copies: clang 14 cannot capture structured bindings in CAPTURE.
    const char* client_lib = libs.first;
    const char* server_lib = libs.second;
    CAPTURE(client_lib);
    CAPTURE(server_lib);
    const auto& cka = hs_agreement(client_lib);
    const auto& ska = hs_agreement(server_lib);
    auto id = server_identity::generate(ska);
    REQUIRE(id);
    auto client = client_handshake::begin(cka, id->public_key);
    REQUIRE(client);
    CHECK(client->hello().size == hello_min_size);
    auto accepted = respond(ska, *id, client->hello(), nullptr, hs_now);
    REQUIRE(accepted);
    CHECK(!accepted->token);
    CHECK(client->holds_secrets());
    auto keys = client->finish(accepted->reply);
    REQUIRE(keys);
    // The chaining key, hash and ephemeral secret are wiped at finish.
    CHECK(!client->holds_secrets());
    CHECK(keys->send.size() == 32);
    CHECK(keys->send == accepted->keys.receive);
    CHECK(keys->receive == accepted->keys.send);
    CHECK(keys->send != keys->receive);
    CHECK(keys->transcript == accepted->keys.transcript);
    // A second client gets other keys (fresh ephemerals).
    auto other = client_handshake::begin(cka, id->public_key);
    auto other_accepted = respond(ska, *id, other->hello(), nullptr, hs_now);
    CHECK(other_accepted->keys.send != accepted->keys.send);
    CHECK(client->finish(accepted->reply).err().code == errc::bad_parameter);
  }
}

TEST_CASE("handshake: a wrong server key fails on both sides") {
  const auto& ka = hs_agreement("sodium");
  auto real = server_identity::generate(ka);
  auto mitm = server_identity::generate(ka);
  // The client pins the real key; a man in the middle holding another key
  // cannot read the hello...
  auto client = client_handshake::begin(ka, real->public_key);
  auto at_mitm = respond(ka, *mitm, client->hello(), nullptr, hs_now);
  REQUIRE(!at_mitm);
  CHECK(at_mitm.err().code == errc::authentication_failed);
  // ...nor make a reply the client accepts: its own handshake with the
  // client's hello replayed under its key gives a reply for other keys.
  auto mitm_client = client_handshake::begin(ka, mitm->public_key);
  auto mitm_reply = respond(ka, *mitm, mitm_client->hello(), nullptr, hs_now);
  REQUIRE(mitm_reply);
  auto keys = client->finish(mitm_reply->reply);
  REQUIRE(!keys);
  CHECK(keys.err().code == errc::authentication_failed);
  CHECK(client->holds_secrets());
  // The injected reply did not end the handshake: the real one still works.
  auto real_reply = respond(ka, *real, client->hello(), nullptr, hs_now);
  REQUIRE(real_reply);
  auto real_keys = client->finish(real_reply->reply);
  REQUIRE(real_keys);
  CHECK(real_keys->send == real_reply->keys.receive);
  // A client that pinned the wrong key fails at the real server.
  auto wrong_pin = client_handshake::begin(ka, mitm->public_key);
  CHECK(respond(ka, *real, wrong_pin->hello(), nullptr, hs_now).err().code
        == errc::authentication_failed);
}

TEST_CASE("handshake: a tampered message fails, every byte of hello and reply") {
  const auto& ka = hs_agreement("openssl");
  auto id = server_identity::generate(ka);
  auto tok = token(ka, 1, hs_now + 60);
  auto client = client_handshake::begin(ka, id->public_key, tok);
  const crypto::bytes hello(client->hello().data, client->hello().data + client->hello().size);
  for (std::size_t i = 0; i < hello.size(); ++i) {
    crypto::bytes bad = hello;
    bad[i] ^= 0x20;
    auto r = respond(ka, *id, bad, nullptr, hs_now);
    REQUIRE(!r);
    CHECK((r.err().code == errc::authentication_failed || r.err().code == errc::malformed_input));
  }
  auto accepted = respond(ka, *id, hello, nullptr, hs_now);
  REQUIRE(accepted);
  for (std::size_t i = 0; i < accepted->reply.size(); ++i) {
    auto fresh = client_handshake::begin(ka, id->public_key);
    auto reply = respond(ka, *id, fresh->hello(), nullptr, hs_now)->reply;
    reply[i] ^= 0x01;
    auto r = fresh->finish(reply);
    REQUIRE(!r);
    CHECK((r.err().code == errc::authentication_failed || r.err().code == errc::malformed_input));
  }
  // Truncated and overlong messages are malformed before any crypto.
  CHECK(!parse_client_hello({hello.data(), hello_min_size - 1}));
  CHECK(!parse_client_hello({hello.data(), hello_max_size + 1}));
  CHECK(!parse_server_reply({accepted->reply.data(), reply_size - 1}));
  CHECK(parse_server_reply(accepted->reply));
  CHECK(respond(ka, *id, {}, nullptr, hs_now).err().code == errc::malformed_input);
}

TEST_CASE("handshake: a connect token in the hello is checked, expired or reused refused") {
  const auto& ka = hs_agreement("sodium");
  auto id = server_identity::generate(ka);
  token_verifier verifier{ka, hs_token_key};
  auto hello_with = [&](const crypto::bytes& t) {
    auto c = client_handshake::begin(ka, id->public_key, t);
    return crypto::bytes(c->hello().data, c->hello().data + c->hello().size);
  };
  auto ok = respond(ka, *id, hello_with(token(ka, 7, hs_now + 30)), &verifier, hs_now);
  REQUIRE(ok);
  REQUIRE(ok->token);
  CHECK(ok->token->client_id == 42);
  CHECK(ok->token->token_id == 7);
  CHECK(respond(ka, *id, hello_with(token(ka, 7, hs_now + 30)), &verifier, hs_now).err().code
        == errc::token_reused);
  CHECK(respond(ka, *id, hello_with(token(ka, 8, hs_now)), &verifier, hs_now).err().code
        == errc::token_expired);
  CHECK(respond(ka, *id, hello_with({}), &verifier, hs_now).err().code
        == errc::authentication_failed);
  // Tokens are not read when the server does not require them.
  CHECK(respond(ka, *id, hello_with(token(ka, 7, hs_now + 30)), nullptr, hs_now));
}

TEST_CASE("connect token: expired, reused, forged, malformed and foreign tokens are refused") {
  const auto& ka = hs_agreement("openssl");
  token_verifier verifier{ka, hs_token_key, "10.0.0.1:4000", 2};
  auto first = verifier.accept(token(ka, 1, hs_now + 10, "10.0.0.1:4000"), hs_now);
  REQUIRE(first);
  CHECK(first->server_address == "10.0.0.1:4000");
  CHECK(verifier.accept(token(ka, 1, hs_now + 10), hs_now).err().code == errc::token_reused);
  CHECK(verifier.accept(token(ka, 2, hs_now - 1), hs_now).err().code == errc::token_expired);
  CHECK(verifier.accept(token(ka, 3, hs_now + 10, "10.0.0.2:4000"), hs_now).err().code
        == errc::bad_parameter);
  auto forged = token(ka, 4, hs_now + 10);
  forged[20] ^= 1;
  CHECK(verifier.accept(forged, hs_now).err().code == errc::authentication_failed);
  auto other_key = *issue_token(ka, crypto::bytes(32, 1), token_fields{1, hs_now + 10, 5, {}});
  CHECK(verifier.accept(other_key, hs_now).err().code == errc::authentication_failed);
  CHECK(verifier.accept(crypto::bytes(10), hs_now).err().code == errc::malformed_input);
  auto versioned = token(ka, 6, hs_now + 10);
  versioned[0] = 9;
  CHECK(verifier.accept(versioned, hs_now).err().code == errc::malformed_input);
  // The table holds two ids; the first expires at hs_now + 10 and is then
  // forgotten, making room, while an unexpired full table refuses.
  CHECK(verifier.accept(token(ka, 10, hs_now + 100), hs_now));
  CHECK(verifier.accept(token(ka, 11, hs_now + 100), hs_now).err().code == errc::limit_reached);
  CHECK(verifier.accept(token(ka, 11, hs_now + 100), hs_now + 20));
  CHECK(verifier.seen() == 2);
  CHECK(issue_token(ka, crypto::bytes(5), token_fields{}).err().code == errc::bad_parameter);
  CHECK(issue_token(ka, hs_token_key, token_fields{1, 2, 3, std::string(256, 'x')}).err().code
        == errc::bad_parameter);
}
