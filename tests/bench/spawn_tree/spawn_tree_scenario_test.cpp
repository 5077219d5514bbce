#include <doctest/doctest.h>

#include "bench/scenarios/spawn_tree/spawn_tree_scenario.hpp"
#include "fake_run_context.hpp"
#include "suite_values.hpp"

namespace actorbench::bench {

namespace {

configuration tree(std::int64_t branching, std::int64_t depth, const std::string& crypto = "off") {
  configuration c;
  c.values = {{"branching", branching}, {"depth", depth}, {"threads", std::int64_t{2}}};
  return testing::add_suite_values(c, crypto);
}

} // namespace

TEST_CASE("spawn-tree declares SkyNet's defaults and actors per second as its headline") {
  auto s = make_spawn_tree_scenario();
  const auto& d = s->declared();
  CHECK(d.name == "spawn-tree");
  CHECK(d.param("branching")->default_value == "10");
  CHECK(d.param("depth")->default_value == "6");
  CHECK(d.headline().name == "actors_s");
  CHECK(d.headline().direction == better::higher);
  for (const char* name : {"peak_live_actors", "rss_per_actor_bytes", "elapsed_s", "crypto_s"})
    CHECK_MESSAGE(d.find_metric(name) != nullptr, name);
}

TEST_CASE("spawn-tree refuses a tree beyond the bound as bad input naming the values") {
  auto s = make_spawn_tree_scenario();
  auto refined = s->refine({tree(10, 6), tree(10, 9)});
  REQUIRE_FALSE(refined);
  CHECK(refined.err().code == errc::bad_input);
  CHECK(refined.err().message.find("invalid --depth '9' with --branching '10'") == 0);
  CHECK(refined.err().message.find("1000000000 actors") != std::string::npos);
}

TEST_CASE("spawn-tree's memory estimate is its live actors', not the whole tree's") {
  auto s = make_spawn_tree_scenario();
  auto skynet = s->memory(tree(10, 6));
  REQUIRE(skynet);
  CHECK(skynet->count == 1'111'111);
  CHECK(skynet->param == "depth");
  // 2 threads x 10 x 7 x 7 live actors of 16 KB over 1,111,111 actors.
  CHECK(skynet->bytes_per_item == 15);
  // The root spawns its children 256 at a time: not a million at once.
  auto wide = s->memory(tree(1'000'000, 1));
  REQUIRE(wide);
  CHECK(wide->count * wide->bytes_per_item < 512ull << 20);
  // A tree too small for the bound is all alive at worst.
  auto small = s->memory(tree(3, 2));
  REQUIRE(small);
  CHECK(small->bytes_per_item == 16384);
}

TEST_CASE("spawn-tree runs report actors per second, live actors and 0 mismatches, off and on") {
  auto s = make_spawn_tree_scenario();
  std::vector<configuration> plan{tree(3, 5), tree(3, 5, "on")};
  auto refined = s->refine(plan);
  REQUIRE(refined);
  auto session = s->start(*refined);
  REQUIRE(session);
  for (const auto& c : *refined) {
    testing::fake_run_context ctx{c};
    auto r = (*session)->run(ctx);
    REQUIRE(r);
    CHECK(r->checks.at("mismatches") == 0);
    CHECK(r->checks.at("forged") + r->checks.at("replayed") == 0);
    CHECK(r->samples.at("actors_s").front() > 0);
    // Sampled: a tree this small may come and go between two samples.
    CHECK(r->samples.at("peak_live_actors").front() <= 364);
    CHECK(r->samples.at("elapsed_s").front() > 0);
    CHECK(std::get<double>(r->facts.at("actors")) == 364);
    CHECK(std::get<double>(r->facts.at("answered")) == 364);
    CHECK(std::get<double>(r->facts.at("sum")) == 243.0 * 242 / 2);
    CHECK(r->samples.count("crypto_s") == (c.word("crypto") == "on" ? 1u : 0u));
  }
}

} // namespace actorbench::bench
