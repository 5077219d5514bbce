#include <doctest/doctest.h>

#include "bench/harness/statistics.hpp"

#include <chrono>
#include <cmath>
#include <cstddef>
#include <future>
#include <limits>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

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

TEST_CASE("one sample has no spread and none has nothing") {
  auto one = summarize({0.25});
  CHECK(one.mean == doctest::Approx(0.25));
  CHECK(one.stddev == doctest::Approx(0));
  auto none = summarize({});
  CHECK(none.count == 0);
  CHECK(none.mean == doctest::Approx(0));
}

TEST_CASE("summary coefficient of variation and 99.9 percent half-width") {
  // stddev 2.1380899 (above), mean 5: cv = 0.42761799. t(0.9995, 7) = 5.4078825,
  // so ci999 = 5.4078825 * 2.1380899 / sqrt(8) = 4.0879749.
  auto s = summarize({2, 4, 4, 4, 5, 5, 7, 9});
  CHECK(s.cv == doctest::Approx(0.42761799));
  CHECK(s.ci999 == doctest::Approx(4.0879749));
  auto one = summarize({0.25});
  CHECK(one.cv == doctest::Approx(0));
  CHECK(one.ci999 == doctest::Approx(0));
  // Mean 0: cv is defined as 0 rather than a division by zero.
  auto centred = summarize({-1, 1});
  CHECK(centred.cv == doctest::Approx(0));
}

TEST_CASE("Student t quantiles against table values") {
  // The tables give 4 decimals (3 for 636.619): agree within half a unit of the last one.
  auto table = [](double p, std::size_t dof, double value, double half_unit) {
    return std::fabs(student_t_quantile(p, dof) - value) <= half_unit;
  };
  CHECK(table(0.975, 1, 12.7062, 0.5e-4));
  CHECK(table(0.975, 2, 4.3027, 0.5e-4));
  CHECK(table(0.975, 10, 2.2281, 0.5e-4));
  CHECK(table(0.9995, 1, 636.619, 0.5e-3));
  CHECK(table(0.9995, 4, 8.6103, 0.5e-4));
  CHECK(table(0.9995, 7, 5.4079, 0.5e-4));
  CHECK(table(0.9995, 9, 4.7809, 0.5e-4));
  CHECK(table(0.9995, 30, 3.6460, 0.5e-4));
  auto t = [](double p, std::size_t dof) { return doctest::Approx(student_t_quantile(p, dof)); };
  // More digits of the same table entries.
  CHECK(636.6192488 == t(0.9995, 1).epsilon(1e-9));
  CHECK(8.6103016 == t(0.9995, 4).epsilon(1e-7));
  CHECK(4.7809126 == t(0.9995, 9).epsilon(1e-7));
  CHECK(3.6459586 == t(0.9995, 30).epsilon(1e-7));
}

TEST_CASE("Student t quantiles against closed forms for 1, 2 and 4 degrees of freedom") {
  const double pi = 3.14159265358979323846;
  for (double p : {0.001, 0.025, 0.3, 0.51, 0.6, 0.9, 0.975, 0.995, 0.9995, 0.999999}) {
    CAPTURE(p);
    // dof 1 (Cauchy): tan(pi (p - 1/2)), written as -1 / tan(pi p) away from 1/2
    // to stay clear of the pole of tan.
    double cauchy = std::fabs(p - 0.5) < 0.25 ? std::tan(pi * (p - 0.5))
                    : p > 0.5                 ? 1 / std::tan(pi * (1 - p))
                                              : -1 / std::tan(pi * p);
    CHECK(student_t_quantile(p, 1) == doctest::Approx(cauchy).epsilon(1e-10));
    // dof 2: (2p - 1) / sqrt(2 p (1 - p)).
    CHECK(student_t_quantile(p, 2)
          == doctest::Approx((2 * p - 1) / std::sqrt(2 * p * (1 - p))).epsilon(1e-10));
    // dof 4: a = 4 p (1 - p), q = cos(acos(sqrt(a)) / 3) / sqrt(a), t = ±2 sqrt(q - 1).
    double a = 4 * p * (1 - p);
    double q = std::cos(std::acos(std::sqrt(a)) / 3) / std::sqrt(a);
    double four = (p > 0.5 ? 2 : -2) * std::sqrt(q - 1);
    CHECK(student_t_quantile(p, 4) == doctest::Approx(four).epsilon(1e-9));
  }
}

TEST_CASE("Student t quantiles at the edges and for many degrees of freedom") {
  CHECK(student_t_quantile(0.5, 3) == 0);
  CHECK(student_t_quantile(0.0005, 9) == doctest::Approx(-4.7809126).epsilon(1e-7));
  CHECK(std::isinf(student_t_quantile(1, 5)));
  CHECK(student_t_quantile(0, 5) < 0);
  CHECK(std::isnan(student_t_quantile(0.9, 0)));
  CHECK(std::isnan(student_t_quantile(1.5, 3)));
  // Tends to the normal quantile z(0.9995) = 3.2905267; the excess is about
  // (z^3 + z) / (4 dof).
  CHECK(student_t_quantile(0.9995, 1000) == doctest::Approx(3.3002826).epsilon(1e-7));
  CHECK(student_t_quantile(0.9995, 1000000) == doctest::Approx(3.2905365).epsilon(1e-7));
  CHECK(student_t_quantile(0.9995, std::size_t(-1)) == doctest::Approx(3.2905267).epsilon(1e-7));
  CHECK(student_t_quantile(0.975, std::size_t(-1)) == doctest::Approx(1.9599640).epsilon(1e-7));
  // The switch to the Cornish-Fisher expansion above 100000 is seamless.
  double below = student_t_quantile(0.9995, 100000);
  double above = student_t_quantile(0.9995, 100001);
  CHECK(below > above);
  CHECK(below - above < 1e-8);
}

TEST_CASE("confidence interval half-width of the mean") {
  // {1, 2, 3, 4}: mean 2.5, s = sqrt(5 / 3) = 1.2909944, sqrt(n) = 2,
  // t(0.975, 3) = 3.1824463: 3.1824463 * 1.2909944 / 2 = 2.0542603.
  CHECK(ci_half_width({1, 2, 3, 4}, 0.95) == doctest::Approx(2.0542603));
  // Default 99.9%: t(0.9995, 7) = 5.4078825 for the series of the summary test.
  CHECK(ci_half_width({2, 4, 4, 4, 5, 5, 7, 9}) == doctest::Approx(4.0879749));
  CHECK(ci_half_width({3}) == 0);
  CHECK(ci_half_width({}) == 0);
  CHECK(ci_half_width({2, 2, 2}) == 0);
}

TEST_CASE("MAD outliers find a planted outlier") {
  // median 12.5, |x - median| = 2.5 1.5 87.5 0.5 0.5 1.5, MAD = 1.5.
  // 100: 0.6745 * 87.5 / 1.5 = 39.3; 10: 0.6745 * 2.5 / 1.5 = 1.12.
  std::vector<double> samples{10, 11, 100, 12, 13, 14};
  CHECK(outliers(samples) == std::vector<std::size_t>{2});
  // A low outlier counts too: 0.6745 * 62.5 / 1.5 = 28.1 for -50.
  samples[0] = -50;
  CHECK(outliers(samples) == std::vector<std::size_t>{0, 2});
  // {10, ..., 14}: median 12, deviations 2 1 0 1 2, MAD 1; scores are
  // 0.6745 * (x - 12): 10 and 14 score 1.349, 11 and 13 score 0.6745.
  CHECK(outliers({10, 11, 12, 13, 14}, 0.6) == std::vector<std::size_t>{0, 1, 3, 4});
  CHECK(outliers({10, 11, 12, 13, 14}, 1.3) == std::vector<std::size_t>{0, 4});
  CHECK(outliers({10, 11, 12, 13, 14}, 1.4).empty());
}

TEST_CASE("MAD outliers report none when MAD is 0") {
  // median 5, deviations 0 0 0 0 4: MAD 0, the modified Z-score is undefined.
  CHECK(outliers({5, 5, 5, 5, 9}).empty());
  CHECK(outliers({}).empty());
  CHECK(outliers({7}).empty());
}

TEST_CASE("Mann-Whitney U without ties") {
  // a = 1..5, b = 6..10: U = 0 (or 25), mean 12.5, sd = sqrt(5 * 5 * 11 / 12) =
  // 4.7871355, z = (25 - 12.5 - 0.5) / 4.7871355 = 2.5067182, p = 2 (1 - Phi(z)).
  CHECK(mann_whitney_u_p_value({1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}) == doctest::Approx(0.0121857804));
  CHECK(mann_whitney_u_p_value({6, 7, 8, 9, 10}, {1, 2, 3, 4, 5}) == doctest::Approx(0.0121857804));
  // scipy's documentation example (males vs females, method='asymptotic'):
  // ranks of a are 3 5 7 8 9 = 32, U = 32 - 15 = 17, mean 10,
  // sd = sqrt(5 * 4 * 10 / 12) = 4.0824829, z = 6.5 / 4.0824829 = 1.5921683.
  CHECK(mann_whitney_u_p_value({19, 22, 16, 29, 24}, {20, 11, 17, 12})
        == doctest::Approx(0.1113468865));
}

TEST_CASE("Mann-Whitney U with ties") {
  // Pooled: 1a 2a 3a 3a 3b 4b 4b 5b; the three 3s share rank 4, the two 4s 6.5.
  // Rank sum of a = 1 + 2 + 4 + 4 = 11, U1 = 11 - 4 * 5 / 2 = 1, U = 16 - 1 = 15,
  // mean 8. Ties: (27 - 3) + (8 - 2) = 30, so the variance is
  // 4 * 4 / 12 * (9 - 30 / (8 * 7)) = 11.285714, sd 3.3594217,
  // z = (15 - 8 - 0.5) / 3.3594217 = 1.9348568, p = 2 (1 - Phi(z)).
  CHECK(mann_whitney_u_p_value({1, 2, 3, 3}, {3, 4, 4, 5}) == doctest::Approx(0.0530078691));
  // a = b = {1, 2}: U = 2 = mean, so z = -0.5 / sqrt(4 / 3) < 0 and p would be
  // 1.33; it is clipped to 1, as scipy does.
  CHECK(mann_whitney_u_p_value({1, 2}, {1, 2}) == doctest::Approx(1));
  // All values equal: zero variance.
  CHECK(mann_whitney_u_p_value({1, 1, 1}, {1, 1}) == doctest::Approx(1));
}

TEST_CASE("Mann-Whitney U with an empty sample") {
  CHECK(mann_whitney_u_p_value({}, {1, 2, 3}) == 1.0);
  CHECK(mann_whitney_u_p_value({1, 2, 3}, {}) == 1.0);
}

TEST_CASE("ratio of means with propagated uncertainty") {
  summary reference;
  reference.mean = 1.0;
  reference.stddev = 0.05;
  summary slow;
  slow.mean = 2.0;
  slow.stddev = 0.1;
  // r = 2 / 1, error = 2 * sqrt(0.05^2 + 0.05^2) = 0.14142136.
  auto r = compare(slow, reference);
  CHECK(r.value == doctest::Approx(2));
  CHECK(r.error == doctest::Approx(0.14142136));
  CHECK_FALSE(r.faster);
  CHECK(to_string(r) == "2.00 \xc2\xb1 0.14x slower");

  summary fast;
  fast.mean = 1.0;
  fast.stddev = 0.02;
  summary base;
  base.mean = 1.23;
  base.stddev = 0.0369;
  // r = 1.23 / 1, relative errors 0.02 and 0.03:
  // error = 1.23 * sqrt(0.0004 + 0.0009) = 0.04434828.
  r = compare(fast, base);
  CHECK(r.value == doctest::Approx(1.23));
  CHECK(r.error == doctest::Approx(0.04434828));
  CHECK(r.faster);
  CHECK(to_string(r) == "1.23 \xc2\xb1 0.04x faster");

  // Equal means: 1.00, reported as slower.
  r = compare(reference, reference);
  CHECK(r.value == doctest::Approx(1));
  CHECK_FALSE(r.faster);

  // A mean of 0 has no ratio.
  r = compare(summary{}, reference);
  CHECK(std::isnan(r.value));
  CHECK(std::isnan(r.error));
}

TEST_CASE("first run much slower than the rest") {
  // Median of the rest {1, 1.1, 0.9} = 1; 3 > 2 * 1.
  CHECK(first_run_much_slower({3, 1, 1.1, 0.9}));
  // Exactly twice is not more than twice.
  CHECK_FALSE(first_run_much_slower({2, 1, 1}));
  CHECK_FALSE(first_run_much_slower({1.9, 1, 1.1, 0.9}));
  // The rest's median ignores a slow later run: median of {1, 9, 1} = 1.
  CHECK(first_run_much_slower({2.5, 1, 9, 1}));
  // Fewer than 3 samples: no verdict.
  CHECK_FALSE(first_run_much_slower({5, 1}));
  CHECK_FALSE(first_run_much_slower({5}));
  CHECK_FALSE(first_run_much_slower({}));
}

TEST_CASE("percentile takes the nearest rank even where p / 100 is inexact") {
  std::vector<double> samples;
  for (int i = 1; i <= 1000; ++i)
    samples.push_back(i);
  CHECK(percentile(samples, 99.9) == 999);
  CHECK(percentile(samples, 99) == 990);
  CHECK(percentile(samples, 100) == 1000);
  CHECK(percentile(samples, 0) == 1);
}

namespace {

constexpr double missing = std::numeric_limits<double>::quiet_NaN();
constexpr double infinite = std::numeric_limits<double>::infinity();

// The p-value, or none when the test has not returned within 5 s: a tie
// loop that stops advancing fails the test instead of hanging it (the
// thread is left to spin; the test has failed either way).
std::optional<double> p_value_in_time(std::vector<double> a, std::vector<double> b) {
  auto result = std::make_shared<std::promise<double>>();
  auto done = result->get_future();
  std::thread worker([result, a = std::move(a), b = std::move(b)] {
    result->set_value(mann_whitney_u_p_value(a, b));
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

TEST_CASE("missing values (NaN, infinities) are no samples of a median, percentile or summary") {
  CHECK(median({1, missing, 3, infinite}) == doctest::Approx(2));
  CHECK(median({missing, -infinite}) == 0);
  CHECK(percentile({missing, 5, -infinite, 4}, 100) == 5);
  CHECK(percentile({missing}, 50) == 0);
  auto s = summarize({2, missing, 4, infinite, -infinite});
  CHECK(s.count == 2);
  CHECK(s.mean == doctest::Approx(3));
  CHECK(s.median == doctest::Approx(3));
  CHECK(s.min == 2);
  CHECK(s.max == 4);
  CHECK(s.stddev == doctest::Approx(std::sqrt(2.0)));
  auto none = summarize({missing, missing});
  CHECK(none.count == 0);
  CHECK(none.mean == 0);
  CHECK(none.ci999 == 0);
  CHECK(ci_half_width({1, 2, 3, missing}) == doctest::Approx(ci_half_width({1, 2, 3})));
}

TEST_CASE("Mann-Whitney U ends on missing values and leaves them out") {
  auto clean = mann_whitney_u_p_value({1, 2, 3}, {4, 5, 6});
  auto with_nan = p_value_in_time({1, missing, 2, 3}, {4, 5, missing, 6});
  REQUIRE(with_nan);
  CHECK(*with_nan == doctest::Approx(clean));
  auto with_infinities = p_value_in_time({1, 2, infinite, 3}, {-infinite, 4, 5, 6});
  REQUIRE(with_infinities);
  CHECK(*with_infinities == doctest::Approx(clean));
  // Nothing left on a side: as for an empty sample.
  auto all_missing = p_value_in_time({missing, missing}, {1, 2});
  REQUIRE(all_missing);
  CHECK(*all_missing == 1.0);
  // Ties among the values that are left still share their ranks.
  auto ties = p_value_in_time({1, 2, 3, 3, missing}, {missing, 3, 4, 4, 5});
  REQUIRE(ties);
  CHECK(*ties == doctest::Approx(0.0530078691));
}

TEST_CASE("MAD outliers and the cold-start check pass over missing values") {
  // Indices count every sample: the 50 is the sixth.
  CHECK(outliers({1, 1.1, 0.9, 1, missing, 50, 1.05}) == std::vector<std::size_t>{5});
  CHECK(outliers({missing, missing}).empty());
  // The rest's median is that of its values, {1, 1}.
  CHECK(first_run_much_slower({3, 1, 1, missing, missing}));
  CHECK_FALSE(first_run_much_slower({missing, 1, 1, 1}));
  // One value after the first is too few, whatever else is there.
  CHECK_FALSE(first_run_much_slower({3, missing, missing, 1}));
}
