#include <doctest/doctest.h>

#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/chameneos/chameneos.hpp"
#include "shared/suite_actor_run.hpp"

namespace actorbench::actors {

namespace {

testing::suite_outcome<chameneos_sample> run_chameneos(
  bool crypto_on, suite_fault fault, std::size_t meetings = 500,
  std::chrono::milliseconds timeout = std::chrono::milliseconds{10'000}) {
  return testing::run_suite<chameneos_sample>(
    crypto_on, [&](caf::actor_system& system, const seal_keys& keys) {
      return run_chameneos(system, keys, {7, meetings, timeout, fault});
    });
}

} // namespace

TEST_CASE("chameneos colours: alike stay, unlike take the third") {
  using c = chameneos_colour;
  CHECK(complement(c::blue, c::blue) == c::blue);
  CHECK(complement(c::blue, c::red) == c::yellow);
  CHECK(complement(c::red, c::blue) == c::yellow);
  CHECK(complement(c::red, c::yellow) == c::blue);
  CHECK(complement(c::yellow, c::blue) == c::red);
}

TEST_CASE("chameneos arranges M meetings with no mismatch, crypto off and on") {
  for (bool on : {false, true}) {
    CAPTURE(on);
    auto r = run_chameneos(on, suite_fault::none);
    REQUIRE(r.sample);
    CHECK(r.sample->meetings == 500);
    CHECK(r.sample->creature_meetings == 1000);
    CHECK(r.sample->mismatches == 0);
    CHECK(r.sample->elapsed_s > 0);
    CHECK(r.totals.forged == 0);
    CHECK(r.totals.replayed == 0);
    // Per meeting: two asks, the mall's word to the held one, the change;
    // then a stop and a count per creature, and a final ask each.
    // Every message is sealed; with crypto off there is nothing to open.
    CHECK(r.totals.seals == 4 * 500 + 3 * 7);
    CHECK(r.totals.opens == (on ? r.totals.seals : 0));
  }
}

TEST_CASE("chameneos counts a forged, a replayed payload and a miscount, and still ends") {
  testing::check_payload_faults(
    [](bool on, suite_fault fault) { return run_chameneos(on, fault); });
  for (bool on : {false, true}) {
    CAPTURE(on);
    auto miscounted = run_chameneos(on, suite_fault::miscount);
    REQUIRE(miscounted.sample);
    // Creature 0's count differs from the mall's record, and the sum from 2M.
    CHECK(miscounted.sample->mismatches == 2);
  }
}

TEST_CASE("chameneos that cannot finish in time is a timeout error, not a hang") {
  auto r = run_chameneos(false, suite_fault::none, 1'000'000'000, std::chrono::milliseconds{50});
  REQUIRE_FALSE(r.sample);
  CHECK(r.sample.err().code == errc::timeout);
  CHECK(r.sample.err().detail.find("of 1000000000 meetings") != std::string::npos);
}

TEST_CASE("chameneos refuses fewer than two creatures") {
  auto keys = testing::suite_test_keys(false);
  runtime rt{{1, "stealing", {}, true}};
  auto r = run_chameneos(rt.system(), *keys, {1, 10, std::chrono::milliseconds{1000}});
  REQUIRE_FALSE(r);
  CHECK(r.err().code == errc::bad_parameter);
}

} // namespace actorbench::actors
