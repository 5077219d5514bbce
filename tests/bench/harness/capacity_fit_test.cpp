#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "bench/harness/capacity_fit.hpp"

using namespace actorbench::bench;

namespace {

/// `per_load` probes at each of `loads`, each keeping up with the curve's probability.
std::vector<capacity_observation> sample(const capacity_curve& truth,
                                         const std::vector<double>& loads, int per_load,
                                         std::mt19937_64& rng) {
  std::vector<capacity_observation> out;
  std::uniform_real_distribution<double> u{0, 1};
  for (auto load : loads)
    for (int i = 0; i < per_load; ++i)
      out.push_back({load, u(rng) < truth.probability(load), 1});
  return out;
}

} // namespace

TEST_CASE("capacity fit: the chi-square quantile of one degree of freedom") {
  CHECK(chi_square_1_quantile(0.9) == doctest::Approx(2.7055).epsilon(1e-4));
  CHECK(chi_square_1_quantile(0.95) == doctest::Approx(3.8415).epsilon(1e-4));
}

TEST_CASE("capacity fit: the curve crosses the target probability at the capacity") {
  capacity_curve c{10'000, 20, 0.9};
  CHECK(c.probability(10'000) == doctest::Approx(0.9));
  CHECK(c.probability(5'000) > 0.99);
  CHECK(c.probability(20'000) < 0.01);
}

TEST_CASE("capacity fit: recovers a known capacity and slope from many probes") {
  std::mt19937_64 rng{7};
  capacity_curve truth{10'000, 15, 0.9};
  std::vector<double> loads;
  for (double x = 7'000; x <= 14'000; x *= 1.05)
    loads.push_back(x);
  auto fit = fit_capacity(sample(truth, loads, 60, rng), {});
  REQUIRE(fit.fitted);
  CHECK(fit.curve.capacity == doctest::Approx(10'000).epsilon(0.03));
  CHECK(fit.curve.slope == doctest::Approx(15).epsilon(0.25));
  REQUIRE(fit.low_bounded());
  REQUIRE(fit.high_bounded());
  CHECK(fit.low < 10'000);
  CHECK(fit.high > 10'000);
  CHECK(fit.high / fit.low < 1.1);
}

TEST_CASE("capacity fit: the capacity follows the target probability") {
  std::mt19937_64 rng{11};
  capacity_curve truth{10'000, 15, 0.9};
  std::vector<double> loads;
  for (double x = 6'000; x <= 16'000; x *= 1.04)
    loads.push_back(x);
  auto data = sample(truth, loads, 60, rng);
  capacity_fit_options half;
  half.keep_up = 0.5;
  // Where the true curve keeps up half the time.
  auto median = 10'000 * std::exp(std::log(9.0) / 15);
  auto fit = fit_capacity(data, half);
  REQUIRE(fit.fitted);
  CHECK(fit.curve.capacity == doctest::Approx(median).epsilon(0.03));
}

TEST_CASE("capacity fit: a clean step takes the sharpest slope allowed and is bracketed") {
  // Every probe up to 9,000 kept up and every one from 10,000 failed.
  std::vector<capacity_observation> data;
  for (double x : {5'000.0, 8'000.0, 9'000.0, 9'000.0, 9'000.0})
    data.push_back({x, true, 1});
  for (double x : {10'000.0, 10'000.0, 10'000.0, 12'000.0})
    data.push_back({x, false, 1});
  capacity_fit_options sharp;
  sharp.max_slope = 400;
  auto fit = fit_capacity(data, sharp);
  REQUIRE(fit.fitted);
  CHECK(fit.curve.capacity > 9'000);
  CHECK(fit.curve.capacity < 10'000);
  CHECK(fit.curve.slope == doctest::Approx(400));
  CHECK(fit.low < 9'000);
  CHECK(fit.low > 8'500);
  CHECK(fit.high < 10'000);
  CHECK(fit.high > 9'500);
  // The default prior's gentler slopes put the crossing below the passes.
  auto gentle = fit_capacity(data, {});
  CHECK(gentle.curve.slope == doctest::Approx(capacity_fit_options{}.max_slope));
  CHECK(gentle.curve.capacity < fit.curve.capacity);
}

TEST_CASE("capacity fit: one pass and one failure far apart leave a wide interval") {
  auto fit = fit_capacity({{5'000, true, 1}, {10'000, false, 1}}, {});
  REQUIRE(fit.fitted);
  // A gentle slope fits them too: the capacity may lie well below the pass.
  CHECK(fit.low < 4'500);
}

TEST_CASE("capacity fit: without a pass and a failure there is no fit") {
  CHECK_FALSE(fit_capacity({{5'000, true, 1}, {10'000, true, 1}}, {}).fitted);
  CHECK_FALSE(fit_capacity({{5'000, false, 1}}, {}).fitted);
  // A failure that does not count is no failure.
  CHECK_FALSE(fit_capacity({{5'000, true, 1}, {10'000, false, 0}}, {}).fitted);
}

TEST_CASE("capacity fit: a probe that does not count leaves the fit as it was") {
  std::vector<capacity_observation> data{
    {8'000, true, 1}, {9'000, true, 1}, {10'000, false, 1}, {9'500, true, 1}, {9'500, false, 1}};
  auto before = fit_capacity(data, {});
  data.push_back({4'000, false, 0});
  auto after = fit_capacity(data, {});
  CHECK(after.curve.capacity == doctest::Approx(before.curve.capacity));
  CHECK(after.low == doctest::Approx(before.low));
  CHECK(after.high == doctest::Approx(before.high));
}
