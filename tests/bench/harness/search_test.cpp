#include <doctest/doctest.h>

#include <set>

#include "bench/harness/runner.hpp"
#include "harness/toy_scenario.hpp"

using namespace actorbench::bench;
using actorbench::bench::testing::toy_scenario;

namespace {

declaration zone_like() {
  declaration d{"zone-toy", "keeps up below a threshold"};
  d.integer("players").range(1, 1'000'000).def("4").unit("players");
  d.flag("find-max").def("off");
  d.metric("tick_s", "s").headline();
  d.check("missed", "ticks that came late");
  d.search = search_decl{"players", "find-max", 0.05};
  return d;
}

/// Keeps up below 37 players: a run at 37 or more misses ticks.
toy_scenario threshold_toy(std::size_t& probing_runs) {
  toy_scenario s{zone_like(), [&probing_runs](run_context& ctx) -> result<run_record> {
                   if (ctx.probing())
                     ++probing_runs;
                   run_record r;
                   r.checks["missed"] = ctx.config().integer("players") >= 37 ? 1 : 0;
                   return r;
                 }};
  s.keeps_up_fn = [](const configuration&, const run_record& r) {
    return r.checks.at("missed") == 0;
  };
  return s;
}

result<scenario_results> search(const scenario& s, const by_name<std::string>& texts,
                                const harness_settings& settings = {}) {
  auto plan = make_plan(s, texts);
  REQUIRE(plan);
  std::atomic<bool> never{false};
  return run_plan(s, *plan, settings, never);
}

} // namespace

TEST_CASE("search: finds the largest value that keeps up within the resolution") {
  std::size_t probing_runs = 0;
  auto s = threshold_toy(probing_runs);
  auto results = search(s, {{"find-max", "on"}});
  REQUIRE(results);
  REQUIRE(results->search);
  const auto& found = *results->search;
  CHECK(found.param == "players");
  CHECK(found.largest < 37);
  CHECK(found.smallest_failing >= 37);
  CHECK(static_cast<double>(found.smallest_failing - found.largest) / found.largest <= 0.05);
  CHECK_FALSE(found.memory_bound);
  // One run per probe, every probe a configuration, in index order.
  REQUIRE(found.probes.size() == results->configurations.size());
  CHECK(probing_runs == found.probes.size());
  for (std::size_t i = 0; i < found.probes.size(); ++i) {
    const auto& c = results->configurations[i];
    CHECK(found.probes[i].configuration == i);
    CHECK(c.config.index == i);
    CHECK(c.config.integer("players") == found.probes[i].value);
    CHECK(c.runs.size() == 1);
    CHECK_FALSE(c.partial);
  }
  CHECK(found.probes.front().value == 4);
}

TEST_CASE("search: each failure is confirmed by a second probe") {
  std::size_t probing_runs = 0;
  auto s = threshold_toy(probing_runs);
  auto results = search(s, {{"find-max", "on"}, {"players", "100"}});
  REQUIRE(results);
  const auto& found = *results->search;
  std::multiset<std::int64_t> failures;
  for (const auto& p : found.probes)
    if (!p.keeps_up)
      failures.insert(p.value);
  REQUIRE_FALSE(failures.empty());
  for (auto v : failures)
    CHECK(failures.count(v) == 2);
  // Starting above the threshold, it halves down first.
  CHECK(found.largest < 37);
  CHECK(found.smallest_failing >= 37);
}

TEST_CASE("search: the memory budget bounds the doubling") {
  std::size_t probing_runs = 0;
  auto s = threshold_toy(probing_runs);
  s.keeps_up_fn = nullptr; // always keeps up
  s.memory_fn = [](const configuration& c) -> std::optional<memory_estimate> {
    return memory_estimate{"players", static_cast<std::uint64_t>(c.integer("players")), "players",
                           "player", 1 << 20};
  };
  harness_settings settings;
  settings.memory_budget_bytes = 20ull << 20; // 20 players fit
  auto results = search(s, {{"find-max", "on"}}, settings);
  REQUIRE(results);
  const auto& found = *results->search;
  CHECK(found.memory_bound);
  CHECK(found.largest <= 20);
  CHECK(found.largest >= 19);
  CHECK(found.smallest_failing == 0);
}

TEST_CASE("search: without its flag on, the normal rounds run") {
  std::size_t probing_runs = 0;
  auto s = threshold_toy(probing_runs);
  harness_settings settings;
  settings.runs = 2;
  settings.warmup = 0;
  auto results = search(s, {{"players", "10,20"}}, settings);
  REQUIRE(results);
  CHECK_FALSE(results->search);
  CHECK(results->configurations.size() == 2);
  CHECK(probing_runs == 0);
}

TEST_CASE("search: a scan of several configurations is refused") {
  std::size_t probing_runs = 0;
  auto s = threshold_toy(probing_runs);
  auto results = search(s, {{"players", "10,20"}, {"find-max", "on"}});
  REQUIRE_FALSE(results);
  CHECK(results.err().code == errc::bad_input);
  CHECK(results.err().message
        == "invalid --find-max: a search takes one configuration, but the options combine to 2");
}
