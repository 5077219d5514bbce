#include <doctest/doctest.h>

#include <cmath>

#include "bench/scenarios/fjthrput/fjthrput.hpp"
#include "shared/suite_actor_run.hpp"

namespace actorbench::actors {

namespace {

testing::suite_outcome<fjthrput_sample> run_fjthrput(
  bool crypto_on, suite_fault fault, std::size_t messages = 200,
  std::chrono::milliseconds timeout = std::chrono::milliseconds{10'000}) {
  return testing::run_suite<fjthrput_sample>(
    crypto_on, [&](caf::actor_system& system, const seal_keys& keys) {
      return run_fjthrput(system, keys, {6, messages, fjthrput_theta, timeout, fault});
    });
}

// Six actors, the producer a detached actor sending 2 rounds per turn.
testing::suite_outcome<fjthrput_sample> run_own_thread(bool crypto_on, std::size_t window,
                                                       std::size_t messages,
                                                       std::chrono::milliseconds timeout) {
  return testing::run_suite<fjthrput_sample>(
    crypto_on, [&](caf::actor_system& system, const seal_keys& keys) {
      fjthrput_params p{6, messages, fjthrput_theta, timeout};
      p.own_thread = true;
      p.window = window;
      p.burst = 2;
      return run_fjthrput(system, keys, p);
    });
}

} // namespace

TEST_CASE("fjthrput's computation is Savina's sin(theta) squared") {
  CHECK(fjthrput_compute(fjthrput_theta) == doctest::Approx(std::pow(std::sin(37.2), 2)));
  CHECK(fjthrput_compute(0) == 0);
}

TEST_CASE("fjthrput counts A x N messages and their sum with no mismatch, crypto off and on") {
  for (bool on : {false, true}) {
    CAPTURE(on);
    auto r = run_fjthrput(on, suite_fault::none);
    REQUIRE(r.sample);
    CHECK(r.sample->messages == 6 * 200);
    CHECK(r.sample->mismatches == 0);
    CHECK(r.sample->sum == doctest::Approx(r.sample->expected_sum).epsilon(1e-12));
    CHECK(r.sample->expected_sum == doctest::Approx(1200 * fjthrput_compute(fjthrput_theta)));
    CHECK(r.totals.forged == 0);
    CHECK(r.totals.replayed == 0);
    // Every message is sealed; with crypto off there is nothing to open.
    CHECK(r.totals.seals == 1200);
    CHECK(r.totals.opens == (on ? r.totals.seals : 0));
  }
}

TEST_CASE("fjthrput counts a forged, a replayed payload and a miscount, and still ends") {
  testing::check_payload_faults([](bool on, suite_fault fault) { return run_fjthrput(on, fault); });
  for (bool on : {false, true}) {
    CAPTURE(on);
    auto miscounted = run_fjthrput(on, suite_fault::miscount);
    REQUIRE(miscounted.sample);
    CHECK(miscounted.sample->mismatches == 1);
  }
}

TEST_CASE(
  "fjthrput with the producer on its own thread counts every message, in or out of a window") {
  // Window 1: the producer waits for the last actor after every round, so
  // the wait and its wake-up are taken at nearly every round; 0: no limit.
  for (std::size_t window : {std::size_t{1}, std::size_t{3}, std::size_t{0}}) {
    for (bool on : {false, true}) {
      CAPTURE(window);
      CAPTURE(on);
      auto r = run_own_thread(on, window, 200, std::chrono::milliseconds{10'000});
      REQUIRE(r.sample);
      CHECK(r.sample->messages == 6 * 200);
      CHECK(r.sample->mismatches == 0);
      CHECK(r.totals.opens == (on ? 1200 : 0));
    }
  }
}

TEST_CASE("fjthrput that cannot finish in time is a timeout error, not a hang") {
  // Far more than 1 ms of sending (the limit counts from the first spawn),
  // few enough to stay small in memory while the actors lag behind.
  auto r = run_fjthrput(false, suite_fault::none, 50'000, std::chrono::milliseconds{1});
  REQUIRE_FALSE(r.sample);
  CHECK(r.sample.err().code == errc::timeout);
  CHECK(r.sample.err().detail.find("actors had not reported") != std::string::npos);
}

TEST_CASE(
  "fjthrput with its producer on its own thread and waiting in its window still times out") {
  // The producer waits on the last actor; the actors lag behind the limit.
  auto r = run_own_thread(false, 2, 50'000, std::chrono::milliseconds{1});
  REQUIRE_FALSE(r.sample);
  CHECK(r.sample.err().code == errc::timeout);
}

} // namespace actorbench::actors
