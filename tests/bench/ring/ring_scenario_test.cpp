#include <doctest/doctest.h>

#include "bench/scenarios/ring/ring_scenario.hpp"
#include "shared/suite_test_run.hpp"

namespace actorbench::bench {
using testing::run_all;
using testing::suite_config;

TEST_CASE("ring runs on one worker by default and reports hops per second, off and on") {
  auto s = make_ring_scenario();
  CHECK(s->declared().headline().name == "hops_s");
  CHECK(s->declared().param("threads")->default_value == "1");
  by_name<param_value> sizes{
    {"actors", std::int64_t{6}}, {"hops", std::int64_t{600}}, {"tokens", std::int64_t{2}}};
  auto records = run_all(*s, {suite_config("off", sizes), suite_config("on", sizes)});
  for (const auto& r : records) {
    CHECK(r.checks.at("mismatches") == 0);
    CHECK(r.checks.at("forged") + r.checks.at("replayed") == 0);
    CHECK(r.samples.at("hops_s").front()
          == doctest::Approx(600 / r.samples.at("elapsed_s").front()));
  }
  CHECK(records[1].samples.at("crypto_s").front() > 0);
}

TEST_CASE("ring refuses more tokens than actors or hops") {
  auto s = make_ring_scenario();
  auto c = suite_config(
    "off", {{"actors", std::int64_t{4}}, {"hops", std::int64_t{100}}, {"tokens", std::int64_t{5}}});
  auto refined = s->refine({c});
  REQUIRE_FALSE(refined);
  CHECK(refined.err().code == errc::bad_input);
  CHECK(refined.err().message.find("invalid --tokens '5'") == 0);
  c.values["actors"] = std::int64_t{10};
  c.values["hops"] = std::int64_t{3};
  CHECK_FALSE(s->refine({c}));
}

} // namespace actorbench::bench
