#include <doctest/doctest.h>

#include "harness/progress_estimate.hpp"

using namespace actorbench::bench;

TEST_CASE("progress estimate: nothing measured, nothing known") {
  progress_estimate e{{1, 8}};
  CHECK(e.cost(0) == 0);
  CHECK(e.seconds_left({3, 3}) == 0);
}

TEST_CASE("progress estimate: unmeasured configurations cost their hint at the measured rate") {
  // 1024-bit keys took 2 s a run; 2048-bit ones are hinted at 8x that.
  progress_estimate e{{1, 8}};
  e.record(0, 2.0, false);
  CHECK(e.cost(1) == doctest::Approx(16.0));
  CHECK(e.seconds_left({1, 2}) == doctest::Approx(2.0 + 32.0));
}

TEST_CASE("progress estimate: measured configurations cost their median run") {
  progress_estimate e{{1, 1}};
  e.record(0, 1.0, false);
  e.record(0, 5.0, false);
  e.record(0, 2.0, false);
  e.record(1, 10.0, true); // a warm-up counts until a measured run replaces it
  CHECK(e.cost(0) == doctest::Approx(2.0));
  CHECK(e.cost(1) == doctest::Approx(10.0));
  e.record(1, 4.0, false);
  CHECK(e.cost(1) == doctest::Approx(4.0));
  CHECK(e.seconds_left({0, 3}) == doctest::Approx(12.0));
  auto probe = e.add(2);
  CHECK(probe == 2);
  CHECK(e.cost(probe) == doctest::Approx(2 * (2.0 + 4.0) / 2));
}
