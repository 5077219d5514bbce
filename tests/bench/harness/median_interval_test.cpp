#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "harness/median_interval.hpp"

using namespace actorbench::bench;

TEST_CASE("the median's 95% interval is the order statistics a binomial(n, 1/2) gives") {
  // n = 10: P(B < 2) = 0.011 <= 0.025 < P(B < 3) = 0.055, so [x(2), x(9)].
  auto i = interval_of_median({10, 1, 9, 2, 8, 3, 7, 4, 6, 5});
  CHECK(i.covered);
  CHECK(i.median == doctest::Approx(5.5));
  CHECK(i.low == 2);
  CHECK(i.high == 9);
  CHECK(relative_half_width(i) == doctest::Approx(3.5 / 5.5));
}

TEST_CASE("six values are the fewest a 95% interval of the median needs") {
  auto five = interval_of_median({1, 2, 3, 4, 5});
  CHECK_FALSE(five.covered);
  CHECK(five.low == 1);
  CHECK(five.high == 5);
  CHECK(std::isinf(relative_half_width(five)));
  auto six = interval_of_median({1, 2, 3, 4, 5, 6});
  CHECK(six.covered);
  CHECK(six.low == 1);
  CHECK(six.high == 6);
}

TEST_CASE("missing values are left out of the median's interval") {
  auto nan = std::numeric_limits<double>::quiet_NaN();
  auto i = interval_of_median({nan, 3, 1, 2});
  CHECK(i.count == 3);
  CHECK(i.median == 2);
  CHECK(interval_of_median({}).count == 0);
}
