#include <doctest/doctest.h>

#include <optional>

#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/pingpong/pingpong.hpp"
#include "shared/suite_actor_run.hpp"

namespace actorbench::actors {

namespace {

struct pingpong_outcome {
  result<pingpong_sample> sample = error{errc::bad_parameter, "not run"};
  seal_totals totals;
};

// One run on a fresh 2-thread system; the totals are read once the system
// (and with it every sealer and opener) is gone.
pingpong_outcome run_pingpong(bool crypto, pingpong_params p, std::size_t threads = 2) {
  auto keys = testing::suite_test_keys(crypto);
  pingpong_outcome out;
  {
    runtime rt{{threads, "stealing", {}, true}};
    out.sample = run_pingpong(rt.system(), *keys, p);
  }
  out.totals = keys->totals();
  return out;
}

pingpong_params small_pingpong(suite_fault fault = suite_fault::none) {
  pingpong_params p;
  p.round_trips = 1000;
  p.pairs = 3;
  p.sample_every = 8;
  p.timeout = std::chrono::milliseconds{10'000};
  p.fault = fault;
  return p;
}

} // namespace

TEST_CASE("pingpong pairs do every round trip with no mismatch, crypto off and on") {
  for (bool crypto : {false, true}) {
    CAPTURE(crypto);
    auto out = run_pingpong(crypto, small_pingpong());
    REQUIRE(out.sample);
    CHECK(out.sample->round_trips == 3000);
    CHECK(out.sample->mismatches == 0);
    CHECK(out.sample->latency_s.size() == 3 * 125);
    CHECK(out.sample->elapsed_s > 0);
    CHECK(out.totals.forged == 0);
    CHECK(out.totals.replayed == 0);
    // Each round trip: the ping seals, the pong opens and seals, the ping opens.
    CHECK(out.totals.seals == (crypto ? 6000u : 0u));
    CHECK(out.totals.opens == (crypto ? 6000u : 0u));
  }
}

TEST_CASE("pingpong pairs sharing one worker all finish (the hand-off chain yields)") {
  auto p = small_pingpong();
  p.pairs = 5;
  p.round_trips = 2000;
  auto out = run_pingpong(false, p, 1);
  REQUIRE(out.sample);
  CHECK(out.sample->round_trips == 10000);
  CHECK(out.sample->mismatches == 0);
}

TEST_CASE("pingpong sees a forged message: forged with crypto on, a mismatch off") {
  auto on = run_pingpong(true, small_pingpong(suite_fault::forge));
  REQUIRE(on.sample);
  CHECK(on.totals.forged == 1);
  CHECK(on.sample->mismatches == 0);
  CHECK(on.sample->round_trips == 3000);
  auto off = run_pingpong(false, small_pingpong(suite_fault::forge));
  REQUIRE(off.sample);
  CHECK(off.sample->mismatches == 1);
}

TEST_CASE("pingpong sees a replayed message: replayed with crypto on, a mismatch off") {
  auto on = run_pingpong(true, small_pingpong(suite_fault::replay));
  REQUIRE(on.sample);
  CHECK(on.totals.replayed == 1);
  CHECK(on.totals.forged == 0);
  CHECK(on.sample->mismatches == 0);
  auto off = run_pingpong(false, small_pingpong(suite_fault::replay));
  REQUIRE(off.sample);
  CHECK(off.sample->mismatches == 1);
}

TEST_CASE("pingpong counts a wrong echo as a mismatch, crypto off and on") {
  for (bool crypto : {false, true}) {
    CAPTURE(crypto);
    auto out = run_pingpong(crypto, small_pingpong(suite_fault::miscount));
    REQUIRE(out.sample);
    CHECK(out.sample->mismatches == 1);
    CHECK(out.sample->round_trips == 3000);
  }
}

TEST_CASE("a pingpong that does not finish in time is a timeout error, not a hang") {
  auto p = small_pingpong();
  p.round_trips = 10'000'000'000;
  p.timeout = std::chrono::milliseconds{100};
  auto out = run_pingpong(false, p);
  REQUIRE_FALSE(out.sample);
  CHECK(out.sample.err().code == errc::timeout);
  CHECK(out.sample.err().detail.find("pair 0 at about") != std::string::npos);
}

TEST_CASE("pingpong refuses a run without pairs or round trips") {
  auto p = small_pingpong();
  p.pairs = 0;
  auto out = run_pingpong(false, p);
  REQUIRE_FALSE(out.sample);
  CHECK(out.sample.err().code == errc::bad_parameter);
}

} // namespace actorbench::actors
