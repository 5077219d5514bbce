#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "bench/harness/runner.hpp"
#include "harness/search_bound.hpp"
#include "harness/toy_scenario.hpp"

using namespace actorbench::bench;
using actorbench::bench::testing::toy_scenario;

namespace {

constexpr std::int64_t largest_players = 200;

declaration searched() {
  declaration d{"search-toy", "keeps up below a threshold"};
  d.integer("players").range(1, largest_players).def("4").unit("players");
  d.flag("find-max").def("off");
  d.metric("tick_s", "s").headline();
  d.check("missed", "ticks that came late");
  d.search = search_decl{"players", "find-max", 0.05};
  return d;
}

/// Keeps up below `threshold` players.
toy_scenario below(std::int64_t threshold) {
  toy_scenario s{searched(), [threshold](run_context& ctx) -> result<run_record> {
                   run_record r;
                   r.checks["missed"] = ctx.config().integer("players") >= threshold ? 1 : 0;
                   return r;
                 }};
  s.keeps_up_fn = [](const configuration&, const run_record& r) {
    return r.checks.at("missed") == 0;
  };
  return s;
}

struct searched_run {
  search_result found;
  std::vector<progress_report> progress;
};

searched_run search_below(std::int64_t threshold, const std::string& start) {
  auto s = below(threshold);
  auto plan = make_plan(s, {{"find-max", "on"}, {"players", start}});
  REQUIRE(plan);
  harness_settings settings;
  settings.noise_probe = false;
  std::atomic<bool> never{false};
  searched_run out;
  runner_callbacks callbacks;
  callbacks.progress = [&out](const progress_report& p) { out.progress.push_back(p); };
  auto results = run_plan(s, *plan, settings, never, callbacks);
  REQUIRE(results);
  REQUIRE(results->search);
  out.found = *results->search;
  return out;
}

/// The values the search decided: one step each.
std::size_t steps_of(const search_result& s) {
  std::set<std::int64_t> values;
  for (const auto& p : s.probes)
    values.insert(p.value);
  return values.size();
}

std::size_t bound_from(std::int64_t start) {
  auto d = searched();
  return search_max_steps(*d.search, *d.param("players"), {0, 0, start});
}

} // namespace

TEST_CASE("search bound: no threshold takes more steps, and the worst takes exactly as many") {
  for (std::int64_t start :
       {std::int64_t{1}, std::int64_t{4}, std::int64_t{150}, largest_players}) {
    CAPTURE(start);
    auto bound = bound_from(start);
    std::size_t worst = 0;
    // Thresholds from "nothing keeps up" to "everything does".
    for (std::int64_t threshold = 1; threshold <= largest_players + 1; ++threshold) {
      CAPTURE(threshold);
      auto steps = steps_of(search_below(threshold, std::to_string(start)).found);
      CHECK(steps <= bound);
      worst = std::max(worst, steps);
    }
    CHECK(worst == bound);
  }
}

TEST_CASE("search bound: bisection alone, and nothing left once narrow") {
  auto d = searched();
  const auto& p = *d.param("players");
  // 100..200 at 5%: widths 100, 50, 25, 13, 7, 4 (5 above 100 is narrow).
  CHECK(search_max_steps(*d.search, p, {100, 200, 0}) == 5);
  CHECK(search_max_steps(*d.search, p, {100, 105, 0}) == 0);
  // At the maximum and keeping up: no value above it to try.
  CHECK(search_max_steps(*d.search, p, {largest_players, 0, 0}) == 0);
  // At the minimum and failing: no value below it.
  CHECK(search_max_steps(*d.search, p, {0, 1, 0}) == 0);
}

TEST_CASE("search: the progress total is known up front and never grows") {
  for (std::int64_t threshold :
       {std::int64_t{1}, std::int64_t{37}, std::int64_t{150}, largest_players + 1}) {
    CAPTURE(threshold);
    auto run = search_below(threshold, "4");
    const auto& progress = run.progress;
    REQUIRE_FALSE(progress.empty());
    auto d = searched();
    CHECK(progress.front().total <= bound_from(4) * d.search->rule.max_probes);
    for (std::size_t i = 1; i < progress.size(); ++i)
      CHECK(progress[i].total <= progress[i - 1].total);
    // It ends at what was done: every probe, nothing pending.
    CHECK(progress.back().done == run.found.probes.size());
    CHECK(progress.back().total == progress.back().done);
  }
}
