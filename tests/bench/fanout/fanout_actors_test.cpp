#include <doctest/doctest.h>

#include <atomic>
#include <memory>
#include <thread>

#include <caf/event_based_actor.hpp>
#include <caf/send.hpp>

#include "bench/scenarios/fanout/fanout.hpp"
#include "bench/scenarios/fanout/reply.hpp"
#include "bench/scenarios/fanout/sender.hpp"
#include "actors/runtime/context_strategy.hpp"
#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/fanout/spawner.hpp"
#include "crypto/registry.hpp"

namespace actorbench {

namespace {

actors::fanout_params make_params(const crypto::backend& b, const crypto::cipher_info& c,
                                  std::size_t procs, bool crypto_on) {
  actors::fanout_params p;
  p.procs = procs;
  p.crypto = crypto_on;
  p.backend = &b;
  p.cipher = &c;
  auto data = actors::make_payload(b, c);
  REQUIRE(data);
  p.data = *data;
  p.timeout = std::chrono::seconds{60};
  return p;
}

const crypto::backend& openssl() {
  return **crypto::registry::instance().find("openssl");
}

} // namespace

TEST_CASE("a fan-out without crypto collects every id once, in phase order") {
  actors::runtime rt{{2, "stealing", {}}};
  for (auto strategy : {actors::spawn_strategy::main, actors::spawn_strategy::chain}) {
    CAPTURE(actors::to_string(strategy));
    auto params = make_params(openssl(), openssl().ciphers().front(), 5000, false);
    params.spawn = strategy;
    auto s = actors::run_fanout(rt.system(), params);
    REQUIRE(s);
    CHECK(s->report.replies == 5000);
    CHECK(s->report.mismatches() == 0);
    CHECK(s->spawn_s > 0);
    CHECK(s->replies_s > 0);
    // Replies are anonymous, so senders may be gone before the collector
    // has read them all: teardown can end before or after the last reply.
    CHECK(s->teardown_s > 0);
  }
}

TEST_CASE("chain spawning covers every id for counts around the chunk size") {
  actors::runtime rt{{2, "stealing", {}}};
  for (std::size_t procs :
       {std::size_t{1}, actors::default_spawn_chunk - 1, actors::default_spawn_chunk,
        actors::default_spawn_chunk + 1, 10 * actors::default_spawn_chunk + 7}) {
    CAPTURE(procs);
    auto params = make_params(openssl(), openssl().ciphers().front(), procs, true);
    auto s = actors::run_fanout(rt.system(), params);
    REQUIRE(s);
    CHECK(s->report.replies == procs);
    CHECK(s->report.mismatches() == 0);
  }
}

TEST_CASE("spawn strategies have names both ways") {
  CHECK(actors::parse_spawn_strategy("main") == actors::spawn_strategy::main);
  CHECK(actors::parse_spawn_strategy("chain") == actors::spawn_strategy::chain);
  CHECK_FALSE(actors::parse_spawn_strategy("fork"));
}

TEST_CASE("every available cipher of every back-end runs the fan-out with zero mismatches") {
  actors::runtime rt{{2, "stealing", {}}};
  for (const auto* b : crypto::registry::instance().backends()) {
    for (const auto& c : b->ciphers()) {
      if (!c.available) {
        MESSAGE("skipping unavailable " << b->name() << "/" << c.name);
        continue;
      }
      CAPTURE(c.name);
      auto s = actors::run_fanout(rt.system(), make_params(*b, c, 2000, true));
      REQUIRE(s);
      CHECK(s->report.replies == 2000);
      CHECK(s->report.mismatches() == 0);
    }
  }
}

TEST_CASE("the collector counts wrong plaintexts: a corrupted ciphertext fails every reply") {
  actors::runtime rt{{2, "stealing", {}}};
  auto params = make_params(openssl(), openssl().ciphers().front(), 1000, true);
  params.data.ciphertext[0] ^= 0x01;
  auto s = actors::run_fanout(rt.system(), params);
  REQUIRE(s);
  CHECK(s->report.wrong_plaintext == 1000);
  CHECK(s->report.mismatches() == 1000);
}

TEST_CASE("a tampered AEAD message is rejected by every sender, never accepted") {
  const auto& sodium = **crypto::registry::instance().find("sodium");
  const auto* gcm = sodium.find_cipher("aes-256-gcm");
  REQUIRE(gcm != nullptr);
  if (!gcm->available) {
    MESSAGE("aes-256-gcm unavailable here: " << gcm->unavailable_reason);
    return;
  }
  actors::runtime rt{{2, "stealing", {}}};
  auto params = make_params(sodium, *gcm, 1000, true);
  params.data.ciphertext.back() ^= 0x80; // a bit of the tag
  auto s = actors::run_fanout(rt.system(), params);
  REQUIRE(s);
  CHECK(s->report.failed_decrypts == 1000);
  CHECK(s->report.wrong_plaintext == 0);
  CHECK(s->report.mismatches() == 1000);
}

TEST_CASE("consecutive runs on one actor system are independent") {
  actors::runtime rt{{2, "stealing", {}}};
  auto params = make_params(openssl(), openssl().ciphers().front(), 3000, true);
  for (int run = 0; run < 3; ++run) {
    auto s = actors::run_fanout(rt.system(), params);
    REQUIRE(s);
    CHECK(s->report.replies == 3000);
    CHECK(s->report.mismatches() == 0);
  }
}

TEST_CASE("zero senders is a bad parameter, not a hang") {
  actors::runtime rt{{1, "stealing", {}}};
  auto params = make_params(openssl(), openssl().ciphers().front(), 1, false);
  params.procs = 0;
  auto s = actors::run_fanout(rt.system(), params);
  REQUIRE_FALSE(s);
  CHECK(s.err().code == actors::errc::bad_parameter);
}

TEST_CASE("the runtime uses the requested thread count, or one per core") {
  CHECK(actors::runtime{{3, "sharing", {}}}.threads() == 3);
  CHECK(actors::runtime{{0, "stealing", {}}}.threads() == actors::available_cores());
}

TEST_CASE("every context strategy decrypts correctly and rejects tampering") {
  const auto& sodium = **crypto::registry::instance().find("sodium");
  actors::runtime rt{{2, "stealing", {}}};
  for (auto strategy : {actors::context_strategy::per_message, actors::context_strategy::per_actor,
                        actors::context_strategy::per_thread}) {
    CAPTURE(actors::to_string(strategy));
    for (const auto* b : {&openssl(), &sodium}) {
      for (const auto& c : b->ciphers()) {
        if (!c.available)
          continue;
        CAPTURE(c.name);
        auto params = make_params(*b, c, 600, true);
        params.context = strategy;
        auto s = actors::run_fanout(rt.system(), params);
        REQUIRE(s);
        CHECK(s->report.mismatches() == 0);
        if (c.aead) {
          params.data.ciphertext.back() ^= 0x01;
          auto t = actors::run_fanout(rt.system(), params);
          REQUIRE(t);
          CHECK(t->report.failed_decrypts == 600);
        }
      }
    }
  }
}

TEST_CASE("context strategies have names both ways") {
  for (auto s : {actors::context_strategy::per_message, actors::context_strategy::per_actor,
                 actors::context_strategy::per_thread})
    CHECK(actors::parse_context_strategy(actors::to_string(s)) == s);
  CHECK_FALSE(actors::parse_context_strategy("per-process"));
}

namespace {

/// A collector that drops every reply. A class, not a lambda: CAF 0.17
/// spawns a function given no arguments through a null argument tuple, which
/// UBSan reports (init_fun_factory.hpp).
class reply_sink : public caf::event_based_actor {
 public:
  using caf::event_based_actor::event_based_actor;
  caf::behavior make_behavior() override {
    return {[](const actors::reply&) {}};
  }
};

} // namespace

TEST_CASE("a stopped job's spawning ends within a chunk and still counts every sender") {
  actors::runtime rt{{2, "stealing", {}}};
  for (auto strategy : {actors::spawn_strategy::main, actors::spawn_strategy::chain}) {
    CAPTURE(actors::to_string(strategy));
    // A sink collector: these senders reply to an actor that drops everything.
    auto sink = rt.system().spawn<reply_sink>();
    auto stop = std::make_shared<std::atomic<bool>>(false);
    std::size_t senders = 50'000'000; // far more than the test could spawn
    auto job = std::make_shared<actors::sender_job>(sink, nullptr, nullptr,
                                                    actors::context_strategy::per_thread, nullptr,
                                                    actors::payload{"x", {}, {}, {}}, senders);
    std::atomic<int> called{0};
    job->on_all_destroyed = [&called] { ++called; };
    job->stop_all = stop;
    std::thread stopper{[stop] {
      std::this_thread::sleep_for(std::chrono::milliseconds{50});
      stop->store(true);
    }};
    actors::spawn_senders(rt.system(), job, 0, senders, strategy);
    stopper.join();
    REQUIRE(job->destroyed.wait_for(std::chrono::seconds{30}));
    CHECK(job->spawned.remaining() == 0);
    // The callback runs just after the latch reached zero, on that thread.
    for (int i = 0; i < 10000 && called == 0; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds{1});
    CHECK(called == 1);
    caf::anon_send_exit(sink, caf::exit_reason::kill);
  }
}

} // namespace actorbench
