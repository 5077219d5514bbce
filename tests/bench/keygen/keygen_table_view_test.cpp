#include <doctest/doctest.h>

#include <cmath>
#include <sstream>

#include "bench/output/gnuplot_run.hpp"
#include "bench/scenarios/keygen/key_table.hpp"
#include "bench/scenarios/keygen/keygen_scenario.hpp"
#include "bench/scenarios/keygen/keygen_table_view.hpp"
#include "svg_text.hpp"
#include "text_search.hpp"

namespace actorbench::bench {
using testing::contains;

namespace {

// One cell of rsa keys measured once: `wall_per_key` seconds per key.
configuration_result cell(std::int64_t bits, std::int64_t threads, double wall_per_key,
                          std::size_t keys = 4, bool partial = false, std::uint64_t failed = 0) {
  configuration_result c;
  c.config.values = {{"algo", std::string{"rsa"}},        {"bits", bits},
                     {"backend", std::string{"openssl"}}, {"threads", threads},
                     {"keys", std::int64_t{4}},           {"dump-keys", std::string{}}};
  run_result run;
  if (keys > 0) {
    run.record.add("wall_s_per_key", wall_per_key);
    run.record.add("thread_s_per_key", wall_per_key * static_cast<double>(threads));
  }
  for (std::size_t k = 0; k < keys; ++k)
    run.record.add("key_s", wall_per_key * static_cast<double>(threads));
  run.record.add("cell_wall_s", wall_per_key * static_cast<double>(keys));
  run.record.checks["validation_failures"] = failed;
  run.record.facts["validated"] = 2.0;
  if (failed > 0)
    run.record.facts["first_validation_failure"] = std::string{"pairwise check failed"};
  run.record.partial = partial;
  c.partial = partial;
  c.runs.push_back(run);
  return c;
}

scenario_results handmade() {
  scenario_results r;
  r.scenario = make_keygen_scenario()->declared();
  r.configurations = {cell(512, 1, 0.002), cell(512, 2, 0.0011), cell(1024, 1, 0.012),
                      cell(1024, 2, 0.0066, 2, true, 1)};
  return r;
}

} // namespace

TEST_CASE("keygen table view: the spread and max/min - 1 of thread-seconds per key") {
  auto s = spread_of({1.0, 1.1}, false);
  CHECK(s.mean_deviation == doctest::Approx(0.05 / 1.05));
  CHECK(s.max_over_min == doctest::Approx(0.1));
  CHECK(std::isnan(spread_of({1.0}, false).mean_deviation));
  auto tables = make_key_tables(handmade());
  REQUIRE(tables.size() == 1);
  CHECK(tables[0].sizes == std::vector<std::int64_t>{512, 1024});
  CHECK(tables[0].threads == std::vector<std::int64_t>{1, 2});
  CHECK(tables[0].spread[0].max_over_min == doctest::Approx(0.1));
  CHECK(tables[0].spread[1].partial);
}

TEST_CASE("keygen table view: the original experiment's thread-seconds reproduce its spread row") {
  // The original key-generation experiment, RSA, thread-seconds per key for 1..8 threads; its spread row
  // says 4.94% (512 bits), 3.26% (1024), 2.03% (2048), 1.32% (4096).
  struct column {
    std::vector<double> values;
    double spread;
  };
  for (const auto& c :
       {column{{0.148, 0.160, 0.162, 0.168, 0.165, 0.174, 0.175, 0.184}, 0.0494},
        column{{1.151, 1.172, 1.260, 1.252, 1.220, 1.218, 1.274, 1.296}, 0.0326},
        column{{11.244, 11.552, 12.129, 12.056, 11.760, 11.916, 11.956, 12.096}, 0.0203},
        column{{131.731, 133.374, 135.771, 137.888, 137.810, 135.246, 135.513, 138.728}, 0.0132}}) {
    auto s = spread_of(c.values, false);
    CHECK(std::round(s.mean_deviation * 10000) / 10000 == doctest::Approx(c.spread));
  }
  // max / min - 1 gives a different figure: 0.184 / 0.148 - 1 = 24.32%.
  CHECK(spread_of({0.148, 0.160, 0.162, 0.168, 0.165, 0.174, 0.175, 0.184}, false).max_over_min
        == doctest::Approx(0.184 / 0.148 - 1));
}

TEST_CASE("keygen table view: two tables per algorithm, units, partial cells and warnings") {
  std::ostringstream out;
  keygen_table_view::instance().write(handmade(), {}, out);
  auto text = out.str();
  CHECK(contains(text, "rsa key generation (openssl), wall time per key:"));
  CHECK(contains(
    text, "rsa key generation (openssl), thread-seconds per key (wall x threads / keys, ms):"));
  CHECK(contains(text, "512 bits"));
  CHECK(contains(text, "2.00 ms"));
  CHECK(contains(text, "6.60 ms*"));
  CHECK(contains(text, "13.2*"));
  CHECK(contains(text, "spread"));
  CHECK(contains(text, "max/min - 1"));
  CHECK(contains(text, "10.00%"));
  CHECK(contains(text,
                 "* partial: rsa-1024 (openssl) on 2 threads: 2 of 4 keys within the time limit"));
  CHECK(contains(text,
                 "warning: rsa-1024 (openssl) on 2 threads: 1 of 2 checked keys failed validation"
                 "\n  first: pairwise check failed"));
  std::istringstream lines{text};
  for (std::string line; std::getline(lines, line);) {
    INFO(line);
    CHECK(line.size() <= 100);
  }
  std::ostringstream md;
  keygen_table_view::instance().write(handmade(), table_style{100, "", true}, md);
  CHECK(contains(md.str(), "**rsa key generation (openssl)**, wall time per key:"));
  CHECK(contains(md.str(), "| threads |"));
}

TEST_CASE("keygen table view: the keygen plot script, and none without keys") {
  auto script = keygen_table_view::instance().plot_script(handmade(), image_format::svg);
  REQUIRE(script);
  CHECK(contains(*script, "set multiplot layout 1,2"));
  CHECK(contains(*script, "actorbench keygen: rsa (openssl)"));
  CHECK(contains(*script, "'1024 bits (partial)'"));
  CHECK(contains(*script, "ideal (linear)"));
  actorbench::test::temp_dir dir;
  auto path = dir.file("keygen.svg");
  auto drawn = render_plot(*script, path);
  INFO((drawn ? std::string{} : drawn.err().message));
  REQUIRE(drawn);
  actorbench::test::check_svg(
    path, {"actorbench keygen: rsa (openssl)", "worker threads", "thread-seconds per key (s)",
           "512 bits", "1024 bits (partial)", "ideal: flat from 1 thread"});
  scenario_results none;
  none.scenario = make_keygen_scenario()->declared();
  none.configurations = {cell(512, 1, 0, 0, true)};
  CHECK_FALSE(keygen_table_view::instance().plot_script(none, image_format::svg));
  // A .png is drawn as a PNG, not an SVG under that name.
  auto png = keygen_table_view::instance().plot_script(handmade(), image_format::png);
  REQUIRE(png);
  CHECK(contains(*png, "set terminal pngcairo"));
  CHECK_FALSE(contains(*png, "set terminal svg"));
}

} // namespace actorbench::bench
