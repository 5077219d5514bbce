#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "actors/session_pool/secure_channel.hpp"
#include "crypto/registry.hpp"

using namespace actorbench;
using namespace actorbench::actors;
using namespace std::chrono_literals;

namespace {

const channel_clock::time_point t0{};

struct channel_pair {
  secure_channel client, server;
};

// Both ends of one session on `backend` and `cipher` with the same policy,
// keyed as a handshake would key them.
channel_pair make_pair_on(const char* backend, const char* cipher, rekey_policy policy) {
  const auto* b = *crypto::registry::instance().find(backend);
  const auto* c = b->find_cipher(cipher);
  session_keys client_keys{crypto::bytes(32, 1), crypto::bytes(32, 2), {}};
  session_keys server_keys{client_keys.receive, client_keys.send, {}};
  auto client = secure_channel::create(*b, *c, client_keys, policy, t0);
  auto server = secure_channel::create(*b, *c, server_keys, policy, t0);
  REQUIRE(client);
  REQUIRE(server);
  return {std::move(*client), std::move(*server)};
}

crypto::bytes seal(secure_channel& ch, const std::string& text,
                   channel_clock::time_point now = t0) {
  auto p = ch.seal(std::string_view{text}, now);
  REQUIRE(p);
  return *p;
}

std::string text(const open_result& r) {
  return {r.plaintext.begin(), r.plaintext.end()};
}

} // namespace

TEST_CASE("secure channel: packets open once, both directions, several AEADs") {
  for (const auto& pair : {std::pair{"sodium", "chacha20-poly1305"},
                           {"openssl", "aes-128-gcm"},
                           {"openssl", "aes-256-gcm"}}) {
    const char* backend = pair.first;
    const char* cipher = pair.second;
    CAPTURE(cipher);
    auto [client, server] = make_pair_on(backend, cipher, rekey_policy{});
    auto p = seal(client, "hello");
    CHECK(p.size() == channel_header_size + 5 + 16);
    CHECK(p[0] == 0);
    auto r = server.open(p, t0);
    CHECK(r.verdict == packet_verdict::ok);
    CHECK(text(r) == "hello");
    CHECK(server.open(p, t0).verdict == packet_verdict::duplicate);
    CHECK(text(client.open(seal(server, "back"), t0)) == "back");
    // A packet sealed for the other direction does not open here.
    CHECK(client.open(seal(client, "mine"), t0).verdict == packet_verdict::forged);
  }
}

TEST_CASE("secure channel: replayed, reordered, stale, tampered and short packets") {
  auto [client, server] = make_pair_on("sodium", "chacha20-poly1305", rekey_policy{});
  std::vector<crypto::bytes> sent;
  for (int i = 0; i < 5000; ++i)
    sent.push_back(seal(client, "p" + std::to_string(i)));
  // Reordered inside the window: accepted exactly once each.
  CHECK(server.open(sent[4999], t0).verdict == packet_verdict::ok);
  for (int i = 4998; i >= 4999 - static_cast<int>(replay_window::size) + 1; --i)
    REQUIRE(text(server.open(sent[i], t0)) == "p" + std::to_string(i));
  CHECK(server.open(sent[4000], t0).verdict == packet_verdict::duplicate);
  CHECK(server.open(sent[4999], t0).verdict == packet_verdict::duplicate);
  // Older than the window.
  CHECK(server.open(sent[4999 - replay_window::size], t0).verdict == packet_verdict::too_old);
  CHECK(server.open(sent[0], t0).verdict == packet_verdict::too_old);
  // A tampered copy of a packet already accepted is a forgery, not a replay.
  auto tampered = sent[4999];
  REQUIRE(tampered.size() > channel_header_size);
  tampered[tampered.size() - 1] ^= 1;
  CHECK(server.open(tampered, t0).verdict == packet_verdict::forged);
  // Tampered: body, counter or epoch; a forgery does not move the window.
  auto next = seal(client, "next");
  for (std::size_t at : {std::size_t{0}, std::size_t{8}, std::size_t{9}, next.size() - 1}) {
    auto bad = next;
    bad[at] ^= 0x01;
    const auto v = server.open(bad, t0).verdict;
    CHECK((v == packet_verdict::forged || v == packet_verdict::unknown_epoch));
  }
  auto far = next;
  far[1] = 0x7f; // a forged counter far ahead
  CHECK(server.open(far, t0).verdict == packet_verdict::forged);
  CHECK(text(server.open(next, t0)) == "next");
  CHECK(server.open(crypto::bytes(channel_header_size + 15), t0).verdict
        == packet_verdict::malformed);
  CHECK(server.open({}, t0).verdict == packet_verdict::malformed);
}

TEST_CASE("secure channel: the nonce counter at its limit refuses to seal") {
  rekey_policy policy;
  policy.nonce_limit = 3;
  auto [client, server] = make_pair_on("openssl", "chacha20-poly1305", policy);
  for (int i = 0; i < 3; ++i)
    CHECK(server.open(seal(client, "x"), t0).verdict == packet_verdict::ok);
  auto refused = client.seal(std::string_view{"x"}, t0);
  REQUIRE(!refused);
  CHECK(refused.err().code == errc::limit_reached);
  CHECK(refused.err().detail.find("rekey") != std::string::npos);
  // A rekey gives the next key fresh nonces, and the peer follows.
  client.sender().rekey();
  auto after = seal(client, "y");
  CHECK(after[0] == 1);
  CHECK(text(server.open(after, t0)) == "y");
}

TEST_CASE(
  "secure channel: rekey keeps in-flight packets of the old key for the grace period only") {
  rekey_policy policy;
  policy.after_packets = 4;
  policy.grace = 100ms;
  auto [client, server] = make_pair_on("sodium", "chacha20-poly1305", policy);
  std::vector<crypto::bytes> p;
  for (int i = 0; i < 10; ++i)
    p.push_back(seal(client, std::to_string(i)));
  CHECK(p[3][0] == 0);
  CHECK(p[4][0] == 1);
  CHECK(p[8][0] == 2);
  CHECK(server.open(p[0], t0).verdict == packet_verdict::ok);
  // The first packet of epoch 1 switches the receiver at t0 + 10 ms.
  CHECK(text(server.open(p[5], t0 + 10ms)) == "5");
  CHECK(server.receiver().epoch() == 1);
  // Epoch 0 packets still in flight open within the grace period...
  CHECK(text(server.open(p[1], t0 + 60ms)) == "1");
  CHECK(server.open(p[1], t0 + 60ms).verdict == packet_verdict::duplicate);
  CHECK(text(server.open(p[4], t0 + 70ms)) == "4");
  // ...and not after it.
  CHECK(server.open(p[2], t0 + 111ms).verdict == packet_verdict::unknown_epoch);
  CHECK(server.open(p[3], t0 + 5s).verdict == packet_verdict::unknown_epoch);
  // A rekey by time, and two epochs on: epoch 1's grace runs from epoch 2.
  CHECK(text(server.open(p[8], t0 + 5s)) == "8");
  CHECK(text(server.open(p[6], t0 + 5s + 50ms)) == "6");
  CHECK(server.open(p[7], t0 + 5s + 101ms).verdict == packet_verdict::unknown_epoch);
  auto late = seal(client, "late", t0 + 200s);
  CHECK(late[0] == 3);
  CHECK(text(server.open(late, t0 + 200s)) == "late");
  CHECK(server.open(p[9], t0 + 201s).verdict == packet_verdict::unknown_epoch);
}

TEST_CASE("secure channel: a cipher that is not an AEAD is refused") {
  const auto* b = *crypto::registry::instance().find("openssl");
  auto r = channel_sender::create(*b, *b->find_cipher("aes-128-ctr"), crypto::bytes(32, 1),
                                  rekey_policy{});
  REQUIRE(!r);
  CHECK(r.err().code == errc::bad_parameter);
  CHECK(r.err().detail.find("aes-128-ctr") != std::string::npos);
}

TEST_CASE("secure channel: an authentic replay's plaintext is wiped, not left in the buffer") {
  auto [client, server] = make_pair_on("sodium", "chacha20-poly1305", rekey_policy{});
  auto p = seal(client, "secret move: castle at dawn");
  REQUIRE(server.open(p, t0).verdict == packet_verdict::ok);
  auto again = server.open(p, t0);
  REQUIRE(again.verdict == packet_verdict::duplicate);
  CHECK(again.plaintext.empty());
  // The buffer decrypt() wrote into is kept (capacity) and must hold zeros.
  const std::uint8_t* room = again.plaintext.data();
  std::size_t nonzero = 0;
  for (std::size_t i = 0; room != nullptr && i < again.plaintext.capacity(); ++i)
    nonzero += room[i] != 0;
  CHECK(nonzero == 0);
}

TEST_CASE("secure channel: open gives decrypt the room its contract asks (the whole input)") {
  auto [client, server] = make_pair_on("sodium", "chacha20-poly1305", rekey_policy{});
  auto p = seal(client, "hello");
  auto r = server.open(p, t0);
  REQUIRE(r.verdict == packet_verdict::ok);
  CHECK(text(r) == "hello");
  CHECK(r.plaintext.capacity() >= p.size() - channel_header_size);
}
