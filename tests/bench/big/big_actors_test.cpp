#include <doctest/doctest.h>

#include <vector>

#include "bench/scenarios/big/big.hpp"
#include "shared/suite_actor_run.hpp"

namespace actorbench::actors {

namespace {

// One run on a fresh two-worker system.
testing::suite_outcome<big_sample> run_once(const big_params& p, bool crypto_on) {
  return testing::run_suite<big_sample>(
    crypto_on, [&](caf::actor_system& sys, const seal_keys& keys) { return run_big(sys, keys, p); },
    2);
}

big_params small_big(std::uint64_t actors, std::uint64_t pings,
                     suite_fault fault = suite_fault::none) {
  big_params p;
  p.actors = actors;
  p.pings = pings;
  p.seed = 42;
  p.timeout = std::chrono::milliseconds{10'000};
  p.fault = fault;
  return p;
}

} // namespace

TEST_CASE("big's peer picker never picks the actor itself and reaches every other") {
  for (std::uint32_t me : {0u, 3u, 6u}) {
    peer_picker picker{7, me, 7};
    std::vector<int> seen(7, 0);
    for (int i = 0; i < 7000; ++i)
      ++seen[picker.next()];
    CHECK(seen[me] == 0);
    for (std::uint32_t other = 0; other < 7; ++other)
      if (other != me)
        CHECK(seen[other] > 800);
  }
  peer_picker a{7, 2, 7}, b{7, 2, 7}, c{8, 2, 7};
  std::vector<std::uint32_t> xa, xb, xc;
  for (int i = 0; i < 20; ++i) {
    xa.push_back(a.next());
    xb.push_back(b.next());
    xc.push_back(c.next());
  }
  CHECK(xa == xb);
  CHECK(xa != xc);
}

TEST_CASE("big answers every ping, checked, with crypto off and on") {
  for (bool crypto : {false, true}) {
    for (auto p : {small_big(6, 300), small_big(2, 50), small_big(40, 20)}) {
      CAPTURE(crypto);
      CAPTURE(p.actors);
      auto out = run_once(p, crypto);
      REQUIRE(out.sample);
      CHECK(out.sample->messages == 2 * p.actors * p.pings);
      CHECK(out.sample->mismatches == 0);
      CHECK(out.totals.forged == 0);
      CHECK(out.totals.replayed == 0);
      if (crypto) {
        CHECK(out.totals.seals == 2 * p.actors * p.pings);
        CHECK(out.totals.opens == 2 * p.actors * p.pings);
      }
    }
  }
}

TEST_CASE("big sees a forged, a replayed and a miscounted message, and still ends") {
  for (bool crypto : {false, true}) {
    CAPTURE(crypto);
    // Two actors: all of actor 0's messages go to actor 1, so with crypto
    // off the forgery (a counter moved back) is a replay actor 1 sees.
    auto forged = run_once(small_big(2, 50, suite_fault::forge), crypto);
    REQUIRE(forged.sample);
    CHECK((crypto ? forged.totals.forged : forged.totals.replayed) == 1);
    CHECK(forged.sample->mismatches == 0);
    auto replayed = run_once(small_big(5, 50, suite_fault::replay), crypto);
    REQUIRE(replayed.sample);
    CHECK(replayed.totals.replayed == 1);
    // The ping sent twice is answered twice: the second pong answers no
    // outstanding ping.
    CHECK(replayed.sample->mismatches == 1);
    auto miscounted = run_once(small_big(5, 50, suite_fault::miscount), crypto);
    REQUIRE(miscounted.sample);
    CHECK(miscounted.sample->mismatches == 1);
    CHECK(miscounted.totals.forged + miscounted.totals.replayed == 0);
  }
}

TEST_CASE("big that cannot finish in time is a timeout error, not a hang") {
  auto p = small_big(50, 1'000'000'000);
  p.timeout = std::chrono::milliseconds{100};
  auto out = run_once(p, false);
  REQUIRE_FALSE(out.sample);
  CHECK(out.sample.err().code == errc::timeout);
  CHECK(out.sample.err().detail.find("0 of 50 actors reported") != std::string::npos);
}

} // namespace actorbench::actors
