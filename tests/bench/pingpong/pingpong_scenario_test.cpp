#include <doctest/doctest.h>

#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/pingpong/pingpong_scenario.hpp"
#include "fake_run_context.hpp"

namespace actorbench::bench {

namespace {

configuration pingpong(std::int64_t pairs, std::optional<std::int64_t> threads = {}) {
  configuration c;
  c.values = {{"round-trips", std::int64_t{500}},  {"pairs", pairs},
              {"crypto", std::string{"off"}},      {"timeout", 10.0},
              {"backend", std::string{"openssl"}}, {"cipher", std::string{"aes-128-gcm"}},
              {"payload-bytes", std::int64_t{64}}};
  c.not_applicable = {"backend", "cipher", "payload-bytes"};
  if (threads)
    c.values["threads"] = *threads;
  else
    c.not_applicable.push_back("threads");
  return c;
}

} // namespace

TEST_CASE("pingpong declares its rate, both latency figures and the mismatch check") {
  auto s = make_pingpong_scenario();
  const auto& d = s->declared();
  CHECK(d.headline().name == "round_trips_s");
  CHECK(d.find_metric("latency_s") != nullptr);
  CHECK(d.find_metric("latency_p99_s") != nullptr);
  CHECK(d.param("round-trips")->default_value == "1000000");
  CHECK(d.param("pairs")->default_value == "1");
}

TEST_CASE("pingpong runs one pair on one thread and more pairs on every core, unless told") {
  auto s = make_pingpong_scenario();
  auto refined = s->refine({pingpong(1), pingpong(4), pingpong(1, 2), pingpong(4, 1)});
  REQUIRE(refined);
  const auto& plan = *refined;
  CHECK(plan[0].integer("threads") == 1);
  CHECK(plan[1].integer("threads") == static_cast<std::int64_t>(actors::available_cores()));
  CHECK(plan[2].integer("threads") == 2);
  CHECK(plan[3].integer("threads") == 1);
  CHECK(plan[0].applies("threads"));
}

TEST_CASE("a pingpong run records the rate, the latency samples and zero mismatches") {
  auto s = make_pingpong_scenario();
  auto refined = s->refine({pingpong(2)});
  REQUIRE(refined);
  auto session = s->start(*refined);
  REQUIRE(session);
  testing::fake_run_context ctx{(*refined)[0]};
  auto r = (*session)->run(ctx);
  REQUIRE(r);
  CHECK(r->checks.at("mismatches") == 0);
  CHECK(r->samples.at("round_trips_s").front() > 0);
  // One round trip in 64 timed: 0, 64, ..., 448 of each pair's 500.
  CHECK(r->samples.at("latency_s").size() == 2 * 8);
  CHECK(r->samples.at("latency_p99_s").size() == 2 * 8);
}

} // namespace actorbench::bench
