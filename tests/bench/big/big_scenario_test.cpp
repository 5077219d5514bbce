#include <doctest/doctest.h>

#include "bench/scenarios/big/big_scenario.hpp"
#include "shared/suite_test_run.hpp"

namespace actorbench::bench {
using testing::run_all;
using testing::suite_config;

TEST_CASE("big reports pings and pongs per second and its seed, off and on") {
  auto s = make_big_scenario();
  CHECK(s->declared().headline().name == "messages_s");
  by_name<param_value> sizes{{"actors", std::int64_t{5}}, {"pings", std::int64_t{40}}};
  auto records = run_all(*s, {suite_config("off", sizes), suite_config("on", sizes)});
  for (const auto& r : records) {
    CHECK(r.checks.at("mismatches") == 0);
    CHECK(r.checks.at("forged") + r.checks.at("replayed") == 0);
    CHECK(r.samples.at("messages_s").front()
          == doctest::Approx(2 * 5 * 40 / r.samples.at("elapsed_s").front()));
    CHECK(r.facts.count("seed") == 1);
  }
  CHECK(std::get<double>(records[1].facts.at("opens")) == 2 * 5 * 40);
}

} // namespace actorbench::bench
