#include <doctest/doctest.h>

#include <limits>
#include <vector>

#include "bench/output/verdict.hpp"
#include "output/table_samples.hpp"

using namespace actorbench::bench;
using namespace actorbench::bench::testing;

TEST_CASE("a median with its 95% interval, or its range when too few values have one") {
  CHECK(median_with_interval({0.0508, 0.0491, 0.0520, 0.0500, 0.0510, 0.0515}, "s")
        == "50.9 ms [49.1, 52.0]");
  CHECK(median_with_interval({0.0508, 0.0491, 0.0520}, "s") == "50.8 ms (3 runs, range 49.1-52.0)");
  CHECK(median_with_interval({0.0508}, "s") == "50.8 ms (1 run)");
  CHECK(median_with_interval({std::numeric_limits<double>::quiet_NaN()}, "s") == "n/a");
  CHECK(median_with_interval({120, 130, 125, 128, 122, 126}, "") == "126 [120, 130]");
}

TEST_CASE("ratios in words: ties, factors and changes with their intervals") {
  ratio_interval tie{1.17, 0.96, 1.73, 0.3, false};
  CHECK(is_tie(tie));
  CHECK(factor_with_interval(tie) == "1.17x [0.96, 1.73]");
  ratio_interval slower{1.05, 1.03, 1.07, 0.001, false};
  CHECK_FALSE(is_tie(slower));
  CHECK(change_with_interval(slower) == "5.0% [3.0%, 7.0%]");
  CHECK(change_with_interval({0.88, 0.85, 0.91, 0.001, false}) == "-12% [-15%, -9.0%]");
  CHECK_FALSE(is_tie({1.2, 1.2, 1.2, 1, true}));
  CHECK(factor_with_interval({1.2, 1.2, 1.2, 1, true}) == "1.20x");
}

TEST_CASE("thousands are grouped") {
  CHECK(grouped(100000) == "100,000");
  CHECK(grouped(153398.4) == "153,398");
  CHECK(grouped(999) == "999");
  CHECK(grouped(-1234) == "-1,234");
  CHECK(grouped(0) == "0");
}

TEST_CASE("the generic verdict: one configuration's median, or the best and the next") {
  auto one = sample_results({sample_runs(sample_config(1000, false), times_near(0.0005, 6))});
  // The metric in words (time_s, in s: "time"), not its name.
  CHECK(generic_verdict(one).rfind("time 499 µs [", 0) == 0);
  CHECK(generic_verdict(one).find("(median, 95% interval)") != std::string::npos);
  auto same = sample_results({sample_runs(sample_config(1000, false), times_near(0.0005, 6)),
                              sample_runs(sample_config(1000, true), times_near(0.0005, 6))});
  CHECK(generic_verdict(same).find(" ties (") != std::string::npos);
  CHECK(generic_verdict(sample_results({})) == "no runs measured");
}
