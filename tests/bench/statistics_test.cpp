#include <doctest/doctest.h>

#include "bench/statistics.hpp"

using namespace actorbench::bench;

TEST_CASE("median of odd and even counts") {
  CHECK(median({3, 1, 2}) == doctest::Approx(2));
  CHECK(median({4, 1, 3, 2}) == doctest::Approx(2.5));
  CHECK(median({7}) == doctest::Approx(7));
  CHECK(median({}) == doctest::Approx(0));
}

TEST_CASE("summary against hand-computed values") {
  // mean 5, deviations -3 -1 -1 -1 0 0 2 4: squares 32, / (8 - 1)
  auto s = summarize({2, 4, 4, 4, 5, 5, 7, 9});
  CHECK(s.count == 8);
  CHECK(s.mean == doctest::Approx(5));
  CHECK(s.median == doctest::Approx(4.5));
  CHECK(s.min == doctest::Approx(2));
  CHECK(s.max == doctest::Approx(9));
  CHECK(s.stddev == doctest::Approx(2.1380899));
}

TEST_CASE("one sample has no spread; none has nothing") {
  auto one = summarize({0.25});
  CHECK(one.mean == doctest::Approx(0.25));
  CHECK(one.stddev == doctest::Approx(0));
  auto none = summarize({});
  CHECK(none.count == 0);
  CHECK(none.mean == doctest::Approx(0));
}
