#include <doctest/doctest.h>

#include <cmath>

#include "actors/suite/fjthrput.hpp"
#include "suite_test_run.hpp"

using namespace actorbench::actors;

namespace {

testing::suite_outcome<fjthrput_sample> run_fjthrput(
  bool crypto_on, suite_fault fault, std::size_t messages = 200,
  std::chrono::milliseconds timeout = std::chrono::milliseconds{10'000}) {
  return testing::run_suite<fjthrput_sample>(
    crypto_on, [&](caf::actor_system& system, const seal_keys& keys) {
      return run_fjthrput(system, keys, {6, messages, fjthrput_theta, timeout, fault});
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

TEST_CASE("fjthrput that cannot finish in time is a timeout error, not a hang") {
  // Far more than 1 ms of sending (the limit counts from the first spawn),
  // few enough to stay small in memory while the actors lag behind.
  auto r = run_fjthrput(false, suite_fault::none, 50'000, std::chrono::milliseconds{1});
  REQUIRE_FALSE(r.sample);
  CHECK(r.sample.err().code == errc::timeout);
  CHECK(r.sample.err().detail.find("actors had not reported") != std::string::npos);
}
