#include <doctest/doctest.h>

#include <cmath>

#include "actors/runtime/runtime.hpp"
#include "actors/suite/fjthrput.hpp"
#include "suite_test_keys.hpp"

using namespace actorbench::actors;

namespace {

struct outcome {
  result<fjthrput_sample> sample;
  seal_totals totals;
};

// One run on its own actor system; the totals are read after the system is
// gone, when every sealer and opener has reported.
outcome run(bool crypto_on, suite_fault fault, std::size_t messages = 200,
            std::chrono::milliseconds timeout = std::chrono::milliseconds{10'000}) {
  auto keys = testing::suite_test_keys(crypto_on);
  result<fjthrput_sample> sample = error{errc::timeout, "not run"};
  {
    runtime rt{{2, "stealing", {}, true}};
    sample = run_fjthrput(rt.system(), *keys, {6, messages, fjthrput_theta, timeout, fault});
  }
  return {std::move(sample), keys->totals()};
}

} // namespace

TEST_CASE("fjthrput's computation is Savina's sin(theta) squared") {
  CHECK(fjthrput_compute(fjthrput_theta) == doctest::Approx(std::pow(std::sin(37.2), 2)));
  CHECK(fjthrput_compute(0) == 0);
}

TEST_CASE("fjthrput counts A x N messages and their sum with no mismatch, crypto off and on") {
  for (bool on : {false, true}) {
    CAPTURE(on);
    auto r = run(on, suite_fault::none);
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
  auto forged_on = run(true, suite_fault::forge);
  REQUIRE(forged_on.sample);
  CHECK(forged_on.totals.forged == 1);
  CHECK(forged_on.sample->mismatches == 0);
  // Off, a forged payload is a counter moved back: a replay.
  auto forged_off = run(false, suite_fault::forge);
  REQUIRE(forged_off.sample);
  CHECK(forged_off.totals.replayed == 1);
  for (bool on : {false, true}) {
    CAPTURE(on);
    auto replayed = run(on, suite_fault::replay);
    REQUIRE(replayed.sample);
    CHECK(replayed.totals.replayed == 1);
    CHECK(replayed.totals.forged == 0);
    CHECK(replayed.sample->mismatches == 0);
    auto miscounted = run(on, suite_fault::miscount);
    REQUIRE(miscounted.sample);
    CHECK(miscounted.sample->mismatches == 1);
  }
}

TEST_CASE("fjthrput that cannot finish in time is a timeout error, not a hang") {
  // Far more than 1 ms of sending (the limit counts from the first spawn),
  // few enough to stay small in memory while the actors lag behind.
  auto r = run(false, suite_fault::none, 50'000, std::chrono::milliseconds{1});
  REQUIRE_FALSE(r.sample);
  CHECK(r.sample.err().code == errc::timeout);
  CHECK(r.sample.err().detail.find("actors had not reported") != std::string::npos);
}
