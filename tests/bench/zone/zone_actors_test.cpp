#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <string_view>
#include <vector>

#include <caf/event_based_actor.hpp>
#include <caf/exit_reason.hpp>
#include <caf/send.hpp>

#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/zone/zone.hpp"
#include "bench/scenarios/zone/zone_inputs.hpp"
#include "bench/scenarios/zone/zone_player.hpp"
#include "bench/scenarios/zone/zone_protocol.hpp"
#include "bench/scenarios/zone/zone_run.hpp"
#include "crypto/registry.hpp"

namespace actorbench {

namespace {

constexpr std::size_t players = 300;
constexpr auto limit = std::chrono::seconds{30};

const crypto::cipher_info& cipher_of(std::string_view backend, std::string_view cipher) {
  const auto* c = (*crypto::registry::instance().find(backend))->find_cipher(cipher);
  REQUIRE(c != nullptr);
  return *c;
}

/// A runtime and a zone of `players` players on it.
struct fixture {
  actors::runtime rt{{2, "stealing", {}}};
  std::unique_ptr<actors::zone> zone;

  fixture(std::string_view backend, std::string_view cipher,
          std::size_t payload_bytes = actors::player_input_size) {
    const auto& c = cipher_of(backend, cipher);
    auto z = actors::zone::create(rt.system(),
                                  {players, *crypto::registry::instance().find(backend), &c,
                                   crypto::bytes(c.key_size, 3), payload_bytes});
    REQUIRE_MESSAGE(z, (z ? "" : z.err().detail));
    zone = std::move(*z);
  }

  /// Runs tick `tick` with `packet_for`, waiting for every player's update.
  void tick(std::uint32_t tick, const std::function<crypto::bytes(std::uint32_t)>& packet_for) {
    zone->start_tick(tick, packet_for);
    REQUIRE(zone->wait_tick(limit));
  }
};

caf::behavior player_only(caf::event_based_actor*, caf::message_handler player) {
  return player;
}

crypto::bytes copy(crypto::bytes_view v) {
  return crypto::bytes(v.data, v.data + v.size);
}

} // namespace

TEST_CASE("player inputs survive encoding") {
  actors::player_input in{7, 12345, {-3, 4095}};
  std::uint8_t buf[actors::player_input_size];
  actors::encode(in, buf);
  auto out = actors::decode_player_input({buf, sizeof(buf)});
  REQUIRE(out);
  CHECK(out->tick == 7);
  CHECK(out->player == 12345);
  CHECK(out->where == actors::position{-3, 4095});
  CHECK_FALSE(actors::decode_player_input({buf, sizeof(buf) - 1}));
}

TEST_CASE("a padded payload decodes only at the size the zone expects") {
  std::uint8_t buf[64] = {};
  actors::encode({3, 9, {1, 2}}, buf);
  auto out = actors::decode_player_input({buf, 64}, 64);
  REQUIRE(out);
  CHECK(out->player == 9);
  CHECK_FALSE(actors::decode_player_input({buf, 63}, 64));
  CHECK_FALSE(actors::decode_player_input({buf, 64}));
  CHECK_FALSE(actors::decode_player_input({buf, 8}, 8));
}

TEST_CASE("a player counts state updates that are repeated, out of order or wrong about it") {
  actors::runtime rt{{1, "stealing", {}}};
  auto counters = std::make_shared<actors::zone_counters>(3);
  auto player = rt.system().spawn(player_only, actors::zone_player(counters, 2));
  auto state = [](std::uint32_t tick, bool right) {
    std::vector<actors::position> s(3);
    s[2] = right ? actors::scripted_position(2, tick) : actors::position{-1, -1};
    return s;
  };
  counters->receipts.reset(4);
  for (auto [tick, right] :
       {std::pair{5u, true}, std::pair{5u, true}, std::pair{4u, true}, std::pair{9u, false}})
    caf::anon_send(player, actors::zone_state_atom::value, tick, state(tick, right));
  REQUIRE(counters->receipts.wait_for(limit));
  CHECK(counters->stale_updates == 2);
  CHECK(counters->state_mismatches == 1);
  caf::anon_send_exit(player, caf::exit_reason::user_shutdown);
}

TEST_CASE("every player gets every tick's state update, encrypted or in plaintext") {
  for (const auto& suite : {std::pair{"openssl", "aes-128-gcm"},
                            std::pair{"sodium", "xchacha20-poly1305"}, std::pair{"none", "none"}}) {
    // Named copies: clang 14 cannot capture structured bindings in CAPTURE.
    const char* backend = suite.first;
    const char* cipher = suite.second;
    CAPTURE(backend);
    fixture f{backend, cipher};
    constexpr std::uint32_t ticks = 4;
    auto inputs = actors::zone_inputs::make(*f.zone, ticks);
    REQUIRE(inputs);
    for (std::uint32_t t = 0; t < ticks; ++t) {
      // A tick completes only when all players counted its update once each.
      f.tick(t, [&](std::uint32_t id) { return copy(inputs->packet(t, id)); });
    }
    auto m = f.zone->metrics();
    CHECK(m.inputs == ticks * players);
    CHECK(m.bad_inputs == 0);
    CHECK(m.dropped_inputs == 0);
    CHECK(m.state_mismatches == 0);
    // So no player counted an update twice (standing in for one that missed it).
    CHECK(m.stale_updates == 0);
    CHECK(m.ticks_completed == ticks);
    CHECK(m.pool.decrypted == ticks * players);
    CHECK(f.zone->fan_in_at() <= f.zone->tick_done_at());
  }
}

TEST_CASE("padded input packets are decrypted whole and accepted") {
  fixture f{"openssl", "aes-128-gcm", 200};
  auto inputs = actors::zone_inputs::make(*f.zone, 2);
  REQUIRE(inputs);
  CHECK(inputs->packet(0, 0).size == actors::zone_inputs::packet_size(f.zone->cipher(), 200));
  for (std::uint32_t t = 0; t < 2; ++t)
    f.tick(t, [&](std::uint32_t id) { return copy(inputs->packet(t, id)); });
  auto m = f.zone->metrics();
  CHECK(m.inputs == 2 * players);
  CHECK(m.bad_inputs == 0);
  CHECK(m.dropped_inputs == 0);
  CHECK(m.state_mismatches == 0);
}

TEST_CASE("a tampered packet is dropped and counted, and its tick still completes") {
  fixture f{"openssl", "aes-128-gcm"};
  auto inputs = actors::zone_inputs::make(*f.zone, 2);
  REQUIRE(inputs);
  f.tick(0, [&](std::uint32_t id) { return copy(inputs->packet(0, id)); });
  constexpr std::uint32_t victim = 17;
  f.tick(1, [&](std::uint32_t id) {
    auto p = copy(inputs->packet(1, id));
    if (id == victim)
      p.back() ^= 0x01; // the tag
    return p;
  });
  auto m = f.zone->metrics();
  CHECK(m.pool.auth_failures == 1);
  CHECK(m.dropped_inputs == 1);
  CHECK(m.inputs == 2 * players - 1);
  // The victim stays where tick 0 left it, and its session notices.
  CHECK(m.state_mismatches == 1);
  CHECK(m.stale_updates == 0);
  CHECK(m.ticks_completed == 2);
}

TEST_CASE("a replayed packet of an earlier tick is refused by the zone") {
  fixture f{"openssl", "chacha20-poly1305"};
  auto inputs = actors::zone_inputs::make(*f.zone, 2);
  REQUIRE(inputs);
  f.tick(0, [&](std::uint32_t id) { return copy(inputs->packet(0, id)); });
  f.tick(1, [&](std::uint32_t id) { return copy(inputs->packet(id == 5 ? 0 : 1, id)); });
  auto m = f.zone->metrics();
  CHECK(m.pool.failures() == 0);
  CHECK(m.bad_inputs == 1);
  CHECK(m.inputs == 2 * players - 1);
  CHECK(m.state_mismatches == 1);
}

TEST_CASE("a short zone run runs or skips every slot and checks out") {
  actors::runtime rt{{2, "stealing", {}}};
  actors::zone_run_params p;
  p.players = 200;
  p.tick_hz = 50;
  p.duration = std::chrono::milliseconds{200};
  p.backend = *crypto::registry::instance().find("openssl");
  p.cipher = p.backend->find_cipher("aes-128-gcm");
  auto s = actors::run_zone(rt.system(), p);
  REQUIRE_MESSAGE(s, (s ? "" : s.err().detail));
  CHECK(s->ticks_scheduled == 10);
  CHECK_FALSE(s->stopped_early);
  CHECK(s->ticks_run() + s->skipped == 10);
  CHECK(s->problem() == "");
  REQUIRE(s->latency_s.size() == s->ticks_run());
  REQUIRE(s->fan_in_s.size() == s->ticks_run());
  for (std::size_t i = 0; i < s->ticks_run(); ++i) {
    CHECK(s->fan_in_s[i] >= 0);
    CHECK(s->latency_s[i] >= s->fan_in_s[i]);
    CHECK(s->start_lag_s[i] >= 0);
    if (i > 0)
      CHECK(s->slot[i] > s->slot[i - 1]);
  }
}

TEST_CASE("a zone run stops at once when asked to") {
  actors::runtime rt{{2, "stealing", {}}};
  std::atomic<bool> stop{true};
  actors::zone_run_params p;
  p.players = 10;
  p.tick_hz = 10;
  p.duration = std::chrono::milliseconds{5000};
  p.backend = *crypto::registry::instance().find("none");
  p.cipher = &p.backend->ciphers().front();
  p.stop = &stop;
  auto s = actors::run_zone(rt.system(), p);
  REQUIRE(s);
  CHECK(s->ticks_run() == 1);
  CHECK(s->stopped_early);
  CHECK(s->problem() == "");
}

TEST_CASE("a zone with no players or a tick rate of zero is refused") {
  actors::runtime rt{{1, "stealing", {}}};
  actors::zone_run_params p;
  p.backend = *crypto::registry::instance().find("none");
  p.cipher = &p.backend->ciphers().front();
  p.tick_hz = 0;
  auto s = actors::run_zone(rt.system(), p);
  REQUIRE_FALSE(s);
  CHECK(s.err().code == actors::errc::bad_parameter);
  p.tick_hz = 20;
  p.players = 0;
  s = actors::run_zone(rt.system(), p);
  REQUIRE_FALSE(s);
  CHECK(s.err().code == actors::errc::bad_parameter);
}

} // namespace actorbench
