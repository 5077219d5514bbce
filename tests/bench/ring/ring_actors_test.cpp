#include <doctest/doctest.h>

#include "bench/scenarios/ring/ring.hpp"
#include "shared/suite_actor_run.hpp"

namespace actorbench::actors {

namespace {

// One run on a fresh system of `threads` workers.
testing::suite_outcome<ring_sample> run_once(const ring_params& p, bool crypto_on,
                                             std::size_t threads = 2) {
  return testing::run_suite<ring_sample>(
    crypto_on,
    [&](caf::actor_system& sys, const seal_keys& keys) { return run_ring(sys, keys, p); }, threads);
}

ring_params small_ring(std::uint64_t actors, std::uint64_t hops, std::uint64_t tokens,
                       suite_fault fault = suite_fault::none) {
  ring_params p;
  p.actors = actors;
  p.hops = hops;
  p.tokens = tokens;
  p.timeout = std::chrono::milliseconds{10'000};
  p.fault = fault;
  return p;
}

} // namespace

TEST_CASE("ring tokens share the hops: R/K each, the remainder on the first") {
  auto p = small_ring(10, 23, 4);
  CHECK(plan_token(p, 0).hops == 6);
  CHECK(plan_token(p, 2).hops == 6);
  CHECK(plan_token(p, 3).hops == 5);
  CHECK(plan_token(p, 0).first_actor == 0);
  CHECK(plan_token(p, 1).first_actor == 2);
  CHECK(plan_token(p, 3).first_actor == 7);
  CHECK_FALSE(check_ring_params(small_ring(4, 100, 5)));
  CHECK_FALSE(check_ring_params(small_ring(8, 3, 4)));
  CHECK_FALSE(check_ring_params(small_ring(1, 3, 1)));
  CHECK(check_ring_params(small_ring(4, 4, 4)));
}

TEST_CASE("a ring passes every hop, checked, with crypto off and on") {
  for (bool crypto : {false, true}) {
    for (auto p : {small_ring(5, 1000, 1), small_ring(7, 1003, 3), small_ring(6, 60, 6),
                   small_ring(2, 1, 1)}) {
      CAPTURE(crypto);
      CAPTURE(p.actors);
      CAPTURE(p.tokens);
      auto out = run_once(p, crypto, crypto ? 2 : 1);
      REQUIRE(out.sample);
      CHECK(out.sample->hops == p.hops);
      CHECK(out.sample->mismatches == 0);
      CHECK(out.sample->elapsed_s > 0);
      CHECK(out.totals.forged == 0);
      CHECK(out.totals.replayed == 0);
      if (crypto) {
        // Every hop and every token's hand-over from main: sealed once,
        // opened once.
        CHECK(out.totals.seals == p.hops + p.tokens);
        CHECK(out.totals.opens == p.hops + p.tokens);
      }
    }
  }
}

TEST_CASE("a ring sees a forged, a replayed and a miscounted hop, and still ends") {
  for (bool crypto : {false, true}) {
    CAPTURE(crypto);
    auto forged = run_once(small_ring(5, 100, 1, suite_fault::forge), crypto);
    REQUIRE(forged.sample);
    // With crypto off a forgery is a counter moved back: a replay.
    CHECK((crypto ? forged.totals.forged : forged.totals.replayed) == 1);
    auto replayed = run_once(small_ring(5, 100, 1, suite_fault::replay), crypto);
    REQUIRE(replayed.sample);
    CHECK(replayed.totals.replayed == 1);
    // The copy of the last hop also ends its token a second time.
    CHECK(replayed.sample->mismatches == 1);
    auto miscounted = run_once(small_ring(5, 100, 2, suite_fault::miscount), crypto);
    REQUIRE(miscounted.sample);
    // Actor 0's count is off its share, and the total off R.
    CHECK(miscounted.sample->mismatches == 2);
    CHECK(miscounted.totals.forged + miscounted.totals.replayed == 0);
  }
}

TEST_CASE("a ring that cannot finish in time is a timeout error, not a hang") {
  auto p = small_ring(50, 100'000'000'000, 1);
  p.timeout = std::chrono::milliseconds{100};
  auto out = run_once(p, false);
  REQUIRE_FALSE(out.sample);
  CHECK(out.sample.err().code == errc::timeout);
  CHECK(out.sample.err().detail.find("0 of 1 tokens done") != std::string::npos);
}

} // namespace actorbench::actors
