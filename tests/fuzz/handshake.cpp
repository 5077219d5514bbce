// Fuzz target: the secure-session handshake's messages and connect tokens
// (actors/session_pool/handshake, connect_token), all parsed from untrusted
// bytes. The first byte picks what the rest is:
// (the high bit: with a token verifier, in modes 0 and 4)
//  0: a client hello at an NK and an IK server (with or without a token
//     verifier): parsing agrees with the sizes, and a hello nobody sealed
//     never succeeds;
//  1: a server reply at a client that sent a real hello: never succeeds;
//  2: a connect token at a verifier: never accepted (nobody sealed it);
//  3: token plaintext, sealed under the verifier's key: the fields parse or
//     are refused as malformed, and an accepted token issues back the same;
//  4: a token a real client sends in its hello: the handshake completes with
//     matching keys whenever the token fits, and the server's verdict on the
//     token is the verifier's.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "actors/session_pool/connect_token.hpp"
#include "actors/session_pool/handshake.hpp"
#include "tests/fuzz/fuzz_input.hpp"

using namespace actorbench;
using namespace actorbench::actors;

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz handshake: %s\n", what);
  std::abort();
}

constexpr std::uint64_t now = 1'800'000'000;

const crypto::key_agreement& ka() {
  static const crypto::key_agreement& k = **crypto::find_key_agreement("sodium");
  return k;
}

// A fixed server identity: the public key is X25519(secret, 9).
const server_identity& identity() {
  static const server_identity id = [] {
    crypto::bytes secret(32, 0x42), base(32, 0);
    base[0] = 9;
    auto pub = ka().dh(secret, base);
    if (!pub)
      fail("no public key for the fixed identity");
    // Prepared as server_identity::generate does, so respond() takes the
    // server's path.
    auto prepared = ka().prepare(secret);
    if (!prepared)
      fail("the fixed identity's secret could not be prepared");
    return server_identity{*pub, secret, *prepared};
  }();
  return id;
}

const crypto::bytes& token_key() {
  static const crypto::bytes key(32, 0x17);
  return key;
}

// A client static key the IK server knows (not the one any input holds).
const std::vector<crypto::bytes>& known_clients() {
  static const std::vector<crypto::bytes> keys{crypto::bytes(32, 0x33)};
  return keys;
}

void check_hello(const crypto::bytes& in, bool with_verifier) {
  auto view = parse_client_hello(in);
  const bool ik = !in.empty() && in[0] == ik_hello_type;
  const bool typed = !in.empty() && (in[0] == hello_type || ik);
  const std::size_t fixed = ik ? ik_hello_min_size : hello_min_size;
  const bool sized = in.size() >= fixed && in.size() <= fixed + max_token_size;
  if (view.has_value() != (typed && sized && in[1] == handshake_version))
    fail("parse_client_hello disagrees with the layout");
  if (view
      && (view->ephemeral.data != in.data() + 2 || view->ephemeral.size != 32
          || view->sealed_static.size != (ik ? 48u : 0u)
          || view->sealed_token.size != in.size() - (fixed - 16)))
    fail("a hello's parts are not where the layout puts them");
  token_verifier verifier{ka(), token_key()};
  if (respond(ka(), identity(), in, with_verifier ? &verifier : nullptr, now))
    fail("a hello nobody sealed was accepted");
  server_options ik_server;
  ik_server.pattern = handshake_pattern::ik;
  ik_server.known_clients = &known_clients();
  if (respond(ka(), identity(), in, with_verifier ? &verifier : nullptr, now, ik_server))
    fail("an IK hello nobody sealed was accepted");
}

void check_reply(const crypto::bytes& in) {
  auto view = parse_server_reply(in);
  if (view.has_value()
      != (in.size() >= reply_size && in.size() <= reply_size + max_reply_payload
          && in[0] == reply_type && in[1] == handshake_version))
    fail("parse_server_reply disagrees with the layout");
  auto client = client_handshake::begin(ka(), identity().public_key);
  if (!client)
    fail("client_handshake::begin failed");
  if (client->finish(in))
    fail("a reply nobody sealed was accepted");
}

void check_sealed_fields(const crypto::bytes& plain) {
  if (plain.size() > max_token_size - 29)
    return;
  crypto::bytes token(1 + 12 + plain.size() + 16, 0);
  token[0] = token_version;
  if (!ka().seal(token_key(), {token.data() + 1, 12}, {token.data(), 1}, plain, token.data() + 13))
    fail("seal failed");
  token_verifier verifier{ka(), token_key()};
  auto fields = verifier.accept(token, now);
  if (!fields) {
    const auto code = fields.err().code;
    if (code != errc::malformed_input && code != errc::token_expired)
      fail("a token sealed under the right key was refused as neither malformed nor expired");
    return;
  }
  auto again = issue_token(ka(), token_key(), *fields);
  token_verifier fresh{ka(), token_key()};
  auto round = again ? fresh.accept(*again, now) : again.err();
  if (!round || round->client_id != fields->client_id || round->token_id != fields->token_id
      || round->expiry_unix_s != fields->expiry_unix_s
      || round->server_address != fields->server_address)
    fail("an accepted token's fields do not issue back to the same token");
}

void check_client_token(const crypto::bytes& token, bool with_verifier) {
  auto client = client_handshake::begin(ka(), identity().public_key, token);
  if (!client)
    return token.size() > max_token_size ? void() : fail("begin refused a token that fits");
  token_verifier verifier{ka(), token_key()}, judge{ka(), token_key()};
  auto accepted =
    respond(ka(), identity(), client->hello(), with_verifier ? &verifier : nullptr, now);
  if (with_verifier) {
    auto verdict = judge.accept(token, now);
    const bool empty_refused = token.empty() && !accepted;
    if (!empty_refused
        && (bool(accepted) != bool(verdict)
            || (!accepted && accepted.err().code != verdict.err().code)))
      fail("the server's verdict on a token is not the verifier's");
  }
  if (!accepted)
    return;
  auto keys = client->finish(accepted->reply);
  if (!keys || keys->send != accepted->keys.receive || keys->receive != accepted->keys.send
      || keys->transcript != accepted->keys.transcript)
    fail("a completed handshake gave the two sides different keys");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::fuzz_input input{data, size};
  const std::uint8_t mode = input.byte();
  const crypto::bytes rest = input.rest();
  switch ((mode & 0x7f) % 5) {
    case 0:
      check_hello(rest, mode & 0x80);
      break;
    case 1:
      check_reply(rest);
      break;
    case 2: {
      token_verifier verifier{ka(), token_key()};
      if (verifier.accept(rest, now))
        fail("a token nobody sealed was accepted");
      break;
    }
    case 3:
      check_sealed_fields(rest);
      break;
    default:
      check_client_token(rest, mode & 0x80);
      break;
  }
  return 0;
}
