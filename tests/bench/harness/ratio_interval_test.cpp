#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <future>
#include <limits>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "bench/harness/ratio_interval.hpp"
#include "bench/harness/statistics.hpp"

using namespace actorbench::bench;

TEST_CASE("ratio interval: identical samples give ratio 1 with an interval around it") {
  std::vector<double> a{1.00, 1.02, 0.98, 1.01, 0.99, 1.03, 0.97, 1.00};
  auto r = relative_to(a, a);
  CHECK(r.ratio == doctest::Approx(1.0));
  CHECK(r.low <= 1.0);
  CHECK(r.high >= 1.0);
  CHECK(r.low < r.high);
  CHECK(r.p_value > 0.9);
  CHECK_FALSE(r.estimated_only);
}

TEST_CASE("ratio interval: a 20% slower candidate gives a ratio near 1.2 whose interval excludes 1") {
  std::vector<double> base{1.00, 1.02, 0.98, 1.01, 0.99, 1.03, 0.97, 1.00, 1.01, 0.99};
  std::vector<double> slower;
  for (double v : base)
    slower.push_back(v * 1.2);
  auto r = relative_to(slower, base);
  CHECK(r.ratio == doctest::Approx(1.2).epsilon(0.01));
  CHECK(r.low > 1.0);
  CHECK(r.low <= r.ratio);
  CHECK(r.high >= r.ratio);
  CHECK(r.p_value < 0.01);
  auto faster = relative_to(base, slower);
  CHECK(faster.ratio == doctest::Approx(1 / 1.2).epsilon(0.01));
  CHECK(faster.high < 1.0);
}

TEST_CASE("ratio interval: the interval follows Moses' order statistics") {
  // n = m = 5: k = floor(12.5 - 1.96 * sqrt(25 * 11 / 12)) = floor(3.12) = 3,
  // so low and high are the 4th smallest and 4th largest of 25 differences.
  std::vector<double> b{1, 2, 3, 4, 5};
  std::vector<double> c{2, 4, 6, 8, 10}; // ln(c_i) - ln(b_j) = ln(2 i / j)
  std::vector<double> d;
  for (double x : c)
    for (double y : b)
      d.push_back(std::log(x) - std::log(y));
  std::sort(d.begin(), d.end());
  auto r = relative_to(c, b);
  CHECK(r.ratio == doctest::Approx(2.0));
  CHECK(r.low == doctest::Approx(std::exp(d[3])));
  CHECK(r.high == doctest::Approx(std::exp(d[21])));
}

TEST_CASE("ratio interval: fewer than 2 values on a side give the ratio of medians only") {
  auto r = relative_to({3.0}, {1.0, 2.0, 1.0});
  CHECK(r.estimated_only);
  CHECK(r.ratio == doctest::Approx(3.0));
  CHECK(r.low == r.ratio);
  CHECK(r.high == r.ratio);
  CHECK(r.p_value == 1);
  CHECK(std::isnan(relative_to({}, {1.0}).ratio));
}

namespace {

// The ratio, or none when it has not returned within 5 s (a U test stuck
// on NaN fails the test instead of hanging it; its thread is left behind).
std::optional<ratio_interval> relative_in_time(std::vector<double> a, std::vector<double> b) {
  auto result = std::make_shared<std::promise<ratio_interval>>();
  auto done = result->get_future();
  std::thread worker([result, a = std::move(a), b = std::move(b)] {
    result->set_value(relative_to(a, b));
  });
  if (done.wait_for(std::chrono::seconds(5)) != std::future_status::ready) {
    worker.detach();
    return std::nullopt;
  }
  // Joined when in time, so that no thread of this test outlives it (tests
  // that count the process's threads run after it).
  worker.join();
  return done.get();
}

} // namespace

TEST_CASE("ratio interval: the ratio leaves missing values out and is defined for any values") {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  constexpr double inf = std::numeric_limits<double>::infinity();
  auto clean = relative_to({2, 4, 6}, {1, 2, 3});
  auto in_time = relative_in_time({2, nan, 4, 6, inf}, {-inf, 1, 2, 3, nan});
  REQUIRE(in_time);
  auto dirty = *in_time;
  CHECK(dirty.ratio == doctest::Approx(clean.ratio));
  CHECK(dirty.low == doctest::Approx(clean.low));
  CHECK(dirty.high == doctest::Approx(clean.high));
  CHECK(dirty.p_value == doctest::Approx(clean.p_value));
  // Missing values do not count as runs.
  CHECK(relative_to({1, nan}, {1, 2}).estimated_only);
  // ln(0) and ln(-1) have no shift: the medians' ratio, an interval that
  // excludes nothing.
  for (const auto& values : {std::vector<double>{0, 1, 2}, std::vector<double>{-3, -2, -1}}) {
    auto r = relative_to(values, {1, 2, 3});
    CHECK(r.ratio == doctest::Approx(median(values) / 2));
    CHECK(r.low == 0);
    CHECK(r.high == inf);
    CHECK(r.p_value >= 0);
    CHECK(r.p_value <= 1);
    CHECK_FALSE(r.estimated_only);
  }
}
