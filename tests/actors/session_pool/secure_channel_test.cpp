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
    CHECK(server.open(bad, t0).verdict == packet_verdict::forged);
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
  // A retired key's packets cannot be told from forgeries: no key, no tag check.
  CHECK(server.open(p[2], t0 + 111ms).verdict == packet_verdict::forged);
  CHECK(server.open(p[3], t0 + 5s).verdict == packet_verdict::forged);
  // A rekey by time, and two epochs on: epoch 1's grace runs from epoch 2.
  CHECK(text(server.open(p[8], t0 + 5s)) == "8");
  CHECK(text(server.open(p[6], t0 + 5s + 50ms)) == "6");
  CHECK(server.open(p[7], t0 + 5s + 101ms).verdict == packet_verdict::forged);
  auto late = seal(client, "late", t0 + 200s);
  CHECK(late[0] == 3);
  CHECK(text(server.open(late, t0 + 200s)) == "late");
  CHECK(server.open(p[9], t0 + 201s).verdict == packet_verdict::forged);
}

TEST_CASE("secure channel: a packet of an epoch without a key is forged, never stale") {
  auto [client, server] = make_pair_on("openssl", "aes-128-gcm", rekey_policy{});
  REQUIRE(text(server.open(seal(client, "first"), t0)) == "first");
  // Random packets claiming epochs near and far: the tag is checked (or no
  // key exists for it) before any verdict on the epoch or the counter.
  for (std::uint8_t epoch : {std::uint8_t{0}, std::uint8_t{1}, std::uint8_t{7}, std::uint8_t{8},
                             std::uint8_t{9}, std::uint8_t{200}, std::uint8_t{255}}) {
    CAPTURE(int{epoch});
    crypto::bytes junk(channel_header_size + 32, 0x5a);
    junk[0] = epoch;
    CHECK(server.open(junk, t0).verdict == packet_verdict::forged);
    junk[1] = 0x7f; // a counter far ahead
    CHECK(server.open(junk, t0).verdict == packet_verdict::forged);
  }
  // An authentic packet relabelled with another epoch fails its tag too.
  auto moved = seal(client, "moved");
  moved[0] = 3;
  CHECK(server.open(moved, t0).verdict == packet_verdict::forged);
  // None of it moved the receiver: the next packet of epoch 0 opens.
  CHECK(server.receiver().epoch() == 0);
  CHECK(text(server.open(seal(client, "still"), t0)) == "still");
}

TEST_CASE("secure channel: losing the only packet of an epoch does not stall the session") {
  rekey_policy policy;
  policy.after_packets = 1; // the worst case: every seal starts the next epoch
  auto [client, server] = make_pair_on("sodium", "chacha20-poly1305", policy);
  std::vector<crypto::bytes> p;
  for (int i = 0; i < 40; ++i)
    p.push_back(seal(client, std::to_string(i)));
  CHECK(text(server.open(p[0], t0)) == "0");
  // Epoch 1's only packet is lost: epoch 2's opens all the same.
  CHECK(text(server.open(p[2], t0)) == "2");
  CHECK(server.receiver().epoch() == 2);
  for (int i = 3; i < 10; ++i)
    CHECK(text(server.open(p[i], t0)) == std::to_string(i));
  // look_ahead - 1 lost in a row (epochs 10..16) are survived too...
  const int gap = channel_receiver::look_ahead - 1;
  CHECK(text(server.open(p[10 + gap], t0)) == std::to_string(10 + gap));
  // ...and packets of the skipped epochs, keys never held, are forgeries.
  CHECK(server.open(p[10], t0).verdict == packet_verdict::forged);
  // Past the look-ahead a packet cannot be checked: the session is then lost.
  const int far = 10 + gap + channel_receiver::look_ahead + 1;
  CHECK(server.open(p[far], t0).verdict == packet_verdict::forged);
  CHECK(server.receiver().epoch() == 10 + gap);
}

TEST_CASE("secure channel: an idle sender's one-packet epochs survive a loss") {
  rekey_policy policy;
  policy.after_time = 1s; // each seal after a pause starts the next epoch
  auto [client, server] = make_pair_on("openssl", "aes-256-gcm", policy);
  auto a = seal(client, "a", t0);
  auto lost = seal(client, "lost", t0 + 2s);
  auto b = seal(client, "b", t0 + 4s);
  CHECK(a[0] == 0);
  CHECK(lost[0] == 1);
  CHECK(b[0] == 2);
  CHECK(text(server.open(a, t0)) == "a");
  CHECK(text(server.open(b, t0 + 4s)) == "b");
  CHECK(text(server.open(seal(client, "c", t0 + 6s), t0 + 6s)) == "c");
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
