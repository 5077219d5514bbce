#include <doctest/doctest.h>

#include <string>

#include "output/results_plot.hpp"
#include "output/table_samples.hpp"

using namespace actorbench::bench;
using namespace actorbench::bench::testing;

namespace {

std::string script_of(const scenario_results& r, const view* v = nullptr) {
  auto s = results_plot_script(r, image_format::svg, v);
  REQUIRE(s);
  return *s;
}

} // namespace

TEST_CASE("a geometric procs scan plots lines on log axes, one per crypto setting") {
  std::vector<configuration_result> cs;
  for (std::int64_t procs : {1000, 10000, 100000})
    for (bool crypto : {false, true})
      cs.push_back(sample_runs(sample_config(procs, crypto),
                               times_near(1e-7 * static_cast<double>(procs), 3)));
  auto s = script_of(sample_results(std::move(cs)));
  CHECK(s.find("set logscale xy") != std::string::npos);
  CHECK(s.find("with yerrorlines") != std::string::npos);
  CHECK(s.find("title 'crypto off'") != std::string::npos);
  CHECK(s.find("title 'crypto on, backend openssl'") != std::string::npos);
  CHECK(s.find("$g1 << EOD") != std::string::npos);
  CHECK(s.find("set xlabel 'procs, log scale'") != std::string::npos);
}

TEST_CASE("a linear scan keeps linear axes") {
  std::vector<configuration_result> cs;
  for (std::int64_t procs : {1000, 2000, 3000, 4000})
    cs.push_back(sample_runs(sample_config(procs, false), times_near(0.001, 3)));
  auto s = script_of(sample_results(std::move(cs)));
  CHECK(s.find("logscale") == std::string::npos);
  CHECK(s.find("set yrange [0:*]") != std::string::npos);
}

TEST_CASE("a threads scan plots the speed-up") {
  std::vector<configuration_result> cs;
  for (std::int64_t threads : {1, 2, 4})
    cs.push_back(sample_runs(sample_config(1000, false, threads),
                             times_near(0.004 / static_cast<double>(threads), 3)));
  auto s = script_of(sample_results(std::move(cs)));
  CHECK(s.find("speed-up") != std::string::npos);
  CHECK(s.find("title 'ideal'") != std::string::npos);
  // 4 threads run 4x faster than 1: speed-up 4.
  CHECK(s.find("\n4 4 ") != std::string::npos);
}

TEST_CASE("configurations without a numeric scan are bars") {
  auto r = sample_results({sample_runs(sample_config(1000, false), times_near(0.001, 3)),
                           sample_runs(sample_config(1000, true), times_near(0.002, 3))});
  auto s = script_of(r);
  CHECK(s.find("with boxes") != std::string::npos);
  CHECK(s.find("'crypto on, backend openssl' 1") != std::string::npos);
  auto none = sample_results({});
  CHECK_FALSE(results_plot_script(none, image_format::svg));
}

TEST_CASE("a view's plot script overrides the generic one") {
  struct plotting_view : view {
    std::string_view name() const override { return "seed"; }
    void write(const scenario_results&, const table_style&, std::ostream&) const override {}
    std::optional<std::string> plot_script(const scenario_results&) const override {
      return std::string{"plot x\n"};
    }
  } v;
  auto s = script_of(sample_results({}), &v);
  CHECK(s.find("set encoding utf8") == 0);
  CHECK(s.find("plot x\n") != std::string::npos);
  CHECK(s.find("with boxes") == std::string::npos);
}
