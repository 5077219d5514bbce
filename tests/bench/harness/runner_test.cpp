#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "bench/harness/runner.hpp"
#include "harness/toy_scenario.hpp"

using namespace actorbench::bench;
using actorbench::bench::testing::procs_declaration;
using actorbench::bench::testing::toy_scenario;

namespace {

/// One call of a toy's run: which configuration, whether a warm-up.
struct call {
  std::int64_t procs;
  bool warmup;
  bool operator==(const call& other) const {
    return procs == other.procs && warmup == other.warmup;
  }
};

/// A toy that records its calls and reports procs as its time.
struct recorder {
  std::vector<call> calls;
  toy_scenario::run_fn run() {
    return [this](run_context& ctx) -> result<run_record> {
      calls.push_back({ctx.config().integer("procs"), ctx.warmup()});
      run_record r;
      r.add("time_s", static_cast<double>(ctx.config().integer("procs")));
      return r;
    };
  }
};

std::vector<configuration> plan_for(const scenario& s, const std::string& procs) {
  auto plan = make_plan(s, {{"procs", procs}});
  REQUIRE(plan);
  return *plan;
}

harness_settings settings_with(std::size_t runs, std::size_t warmup) {
  harness_settings h;
  h.runs = runs;
  h.warmup = warmup;
  return h;
}

std::atomic<bool> never{false};

void sleep_ms(int ms) {
  std::this_thread::sleep_for(std::chrono::milliseconds{ms});
}

} // namespace

TEST_CASE("runner: warm-up rounds, then interleaved rounds A B C, A B C; warm-ups discarded") {
  recorder rec;
  toy_scenario s{procs_declaration(), rec.run()};
  auto results = run_plan(s, plan_for(s, "1,2,3"), settings_with(2, 1), never);
  REQUIRE(results);
  CHECK(rec.calls
        == std::vector<call>{{1, true},
                             {2, true},
                             {3, true},
                             {1, false},
                             {2, false},
                             {3, false},
                             {1, false},
                             {2, false},
                             {3, false}});
  REQUIRE(results->configurations.size() == 3);
  for (const auto& c : results->configurations) {
    REQUIRE(c.runs.size() == 2);
    CHECK(c.runs[0].round == 0);
    CHECK(c.runs[1].round == 1);
    CHECK(c.runs[1].index == 1);
    CHECK(c.runs[0].record.samples.at("time_s").front()
          == static_cast<double>(c.config.integer("procs")));
    CHECK(c.runs[0].wall_s >= 0);
    CHECK(c.runs[1].started_s >= c.runs[0].started_s);
    CHECK_FALSE(c.partial);
  }
  CHECK(results->stopped.empty());
  CHECK(results->scenario.name == "toy");
  CHECK(results->harness.runs == 2);
}

TEST_CASE("runner: --shuffle orders each round at random, reproducibly by --seed") {
  auto order_for = [](std::uint64_t seed) {
    recorder rec;
    toy_scenario s{procs_declaration(), rec.run()};
    auto settings = settings_with(6, 0);
    settings.shuffle = true;
    settings.seed = seed;
    REQUIRE(run_plan(s, plan_for(s, "1..5"), settings, never));
    return rec.calls;
  };
  auto first = order_for(7);
  CHECK(first == order_for(7));
  CHECK(first != order_for(8));
  REQUIRE(first.size() == 30);
  for (std::size_t round = 0; round < 6; ++round) {
    std::vector<std::int64_t> seen;
    for (std::size_t i = 0; i < 5; ++i)
      seen.push_back(first[round * 5 + i].procs);
    std::sort(seen.begin(), seen.end());
    CHECK(seen == std::vector<std::int64_t>{1, 2, 3, 4, 5});
  }
}

TEST_CASE("runner: the run context says warm-up, run index, planned runs and not probing") {
  std::vector<std::pair<bool, std::size_t>> seen;
  toy_scenario s{procs_declaration(), [&](run_context& ctx) -> result<run_record> {
                   seen.emplace_back(ctx.warmup(), ctx.run_index());
                   CHECK(ctx.planned_runs() == 2);
                   CHECK_FALSE(ctx.probing());
                   CHECK_FALSE(ctx.stop().load());
                   return run_record{};
                 }};
  REQUIRE(run_plan(s, plan_for(s, "1"), settings_with(2, 2), never));
  CHECK(seen
        == std::vector<std::pair<bool, std::size_t>>{{true, 0}, {true, 1}, {false, 0}, {false, 1}});
}

TEST_CASE("runner: --min-time adds runs to the configurations still below it") {
  toy_scenario s{procs_declaration(), [](run_context& ctx) -> result<run_record> {
                   // procs 1 takes 250 ms, more than --min-time; procs 2 takes 2 ms.
                   sleep_ms(ctx.config().integer("procs") == 1 ? 250 : 2);
                   return run_record{};
                 }};
  auto settings = settings_with(1, 0);
  settings.min_time_s = 0.2;
  auto results = run_plan(s, plan_for(s, "1,2"), settings, never);
  REQUIRE(results);
  const auto& slow = results->configurations[0];
  const auto& fast = results->configurations[1];
  CHECK(slow.runs.size() == 1);
  // Each run sleeps at least 2 ms, so at most 100 runs reach 200 ms; and
  // the runs stop as soon as they reach it.
  CHECK(fast.runs.size() > 1);
  CHECK(fast.runs.size() <= 100);
  double total = 0;
  for (const auto& r : fast.runs)
    total += r.wall_s;
  CHECK(total >= 0.2);
  CHECK(total - fast.runs.back().wall_s < 0.2);
  CHECK(fast.runs.back().round == fast.runs.size() - 1);

  settings.max_runs = 3;
  settings.min_time_s = 10;
  auto capped = run_plan(s, plan_for(s, "2"), settings, never);
  REQUIRE(capped);
  CHECK(capped->configurations[0].runs.size() == 3);
}

TEST_CASE("runner: --precision adds runs until each median's 95% interval is within it") {
  // procs 1 measures the same time every run: its interval closes at the
  // six runs an interval needs. procs 2 alternates 1 s and 2 s: its median's
  // interval stays [1, 2], so only the most runs end it.
  int calls = 0;
  toy_scenario s{procs_declaration(), [&](run_context& ctx) -> result<run_record> {
                   run_record r;
                   bool steady = ctx.config().integer("procs") == 1;
                   r.add("time_s", steady ? 0.5 : 1.0 + (calls++ % 2));
                   return r;
                 }};
  auto settings = settings_with(2, 0);
  settings.precision = 0.02;
  settings.max_runs = 15;
  auto results = run_plan(s, plan_for(s, "1,2"), settings, never);
  REQUIRE(results);
  CHECK(results->configurations[0].runs.size() == 6);
  CHECK(results->configurations[1].runs.size() == 15);
  CHECK_FALSE(results->configurations[0].partial);

  settings.precision.reset();
  auto off = run_plan(s, plan_for(s, "1"), settings, never);
  REQUIRE(off);
  CHECK(off->configurations[0].runs.size() == 2);
}

TEST_CASE("runner: a stop ends after the run in progress and marks the rest partial") {
  std::atomic<bool> stop{false};
  int calls = 0;
  toy_scenario s{procs_declaration(), [&](run_context&) -> result<run_record> {
                   if (++calls == 3)
                     stop = true; // as SIGINT would, during the third run
                   return run_record{};
                 }};
  auto results = run_plan(s, plan_for(s, "1,2"), settings_with(5, 0), stop);
  REQUIRE(results);
  CHECK(calls == 3);
  CHECK(results->stopped == "interrupted");
  CHECK(results->configurations[0].runs.size() == 2);
  CHECK(results->configurations[1].runs.size() == 1);
  CHECK(results->configurations[0].partial);
  CHECK(results->configurations[1].partial);
}

TEST_CASE("runner: a run the scenario marks partial makes its configuration partial") {
  toy_scenario s{procs_declaration(), [](run_context& ctx) -> result<run_record> {
                   run_record r;
                   r.partial = ctx.run_index() == 1;
                   return r;
                 }};
  auto results = run_plan(s, plan_for(s, "1"), settings_with(2, 0), never);
  REQUIRE(results);
  CHECK(results->stopped.empty());
  CHECK(results->configurations[0].partial);
}

TEST_CASE("runner: a run cut short before its headline metric has a value is not kept") {
  // A keygen cell stopped before its first key: partial, no headline sample.
  toy_scenario s{procs_declaration(), [](run_context& ctx) -> result<run_record> {
                   run_record r;
                   r.partial = true;
                   if (ctx.run_index() == 0 && ctx.config().integer("procs") == 1)
                     r.add("time_s", 1);
                   return r;
                 }};
  auto results = run_plan(s, plan_for(s, "1,2"), settings_with(2, 0), never);
  REQUIRE(results);
  CHECK(results->configurations[0].runs.size() == 1);
  CHECK(results->configurations[1].runs.empty());
  CHECK(results->configurations[1].partial);
}

TEST_CASE("runner: the time limit sets run_context::stop and ends the runs") {
  toy_scenario s{procs_declaration(), [](run_context& ctx) -> result<run_record> {
                   // Runs until told to stop; 10 s is only a bound for a broken harness.
                   auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds{10};
                   while (!ctx.stop().load() && std::chrono::steady_clock::now() < give_up)
                     sleep_ms(1);
                   run_record r;
                   r.add("time_s", 0.05);
                   r.partial = ctx.stop().load();
                   CHECK(ctx.deadline() != std::chrono::steady_clock::time_point::max());
                   return r;
                 }};
  auto settings = settings_with(1000, 0);
  // Long enough for the first run to start on a loaded, sanitized host (a
  // limit that passes before it would leave no run to check).
  settings.time_limit_s = 0.5;
  // The probe before the first round counts against the limit; on a busy
  // host it could take much of it.
  settings.noise_probe = false;
  auto results = run_plan(s, plan_for(s, "1,2"), settings, never);
  REQUIRE(results);
  CHECK(results->stopped == "time limit");
  const auto& first = results->configurations[0];
  REQUIRE(first.runs.size() == 1);
  CHECK(first.runs[0].record.partial);
  CHECK(first.partial);
  CHECK(results->configurations[1].runs.empty());
}

TEST_CASE("runner: a scenario's error ends the run with that error") {
  int calls = 0;
  toy_scenario s{procs_declaration(), [&](run_context&) -> result<run_record> {
                   if (++calls == 2)
                     return runtime_failure("the collector lost 3 replies");
                   return run_record{};
                 }};
  auto results = run_plan(s, plan_for(s, "1,2"), settings_with(3, 0), never);
  REQUIRE_FALSE(results);
  CHECK(results.err().code == errc::runtime_failure);
  CHECK(results.err().message == "the collector lost 3 replies");
  CHECK(calls == 2);
}

TEST_CASE("runner: a configuration beyond the memory budget is refused before any run") {
  int calls = 0;
  toy_scenario s{procs_declaration(), [&](run_context&) -> result<run_record> {
                   ++calls;
                   return run_record{};
                 }};
  s.memory_fn = [](const configuration& c) -> std::optional<memory_estimate> {
    return memory_estimate{"procs", static_cast<std::uint64_t>(c.integer("procs")), "actors",
                           "actor", 1 << 20};
  };
  auto settings = settings_with(1, 0);
  settings.memory_budget_bytes = 4ull << 20;
  CHECK(run_plan(s, plan_for(s, "1,4"), settings, never));
  calls = 0;
  auto refused = run_plan(s, plan_for(s, "1,5"), settings, never);
  REQUIRE_FALSE(refused);
  CHECK(refused.err().code == errc::bad_input);
  CHECK(refused.err().message.find("invalid --procs '5': 5 actors need about 5.0 MiB (1048576 "
                                   "bytes per actor) but ")
        == 0);
  CHECK(calls == 0);
}

namespace {

/// The progress reports of a run of procs 1 and 2, procs 2 hinted at 8x.
std::vector<progress_report> reports_of(const harness_settings& settings,
                                        scenario_results& results) {
  recorder rec;
  toy_scenario s{procs_declaration(), rec.run()};
  s.cost_fn = [](const configuration& c) { return c.integer("procs") == 2 ? 8.0 : 1.0; };
  std::vector<progress_report> reports;
  runner_callbacks callbacks;
  callbacks.progress = [&](const progress_report& p) { reports.push_back(p); };
  auto ran = run_plan(s, plan_for(s, "1,2"), settings, never, callbacks);
  REQUIRE(ran);
  results = std::move(*ran);
  return reports;
}

} // namespace

TEST_CASE("runner: progress counts every run, warm-ups included") {
  scenario_results results;
  auto reports = reports_of(settings_with(2, 1), results);
  REQUIRE(reports.size() == 6);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    CHECK(reports[i].done == i + 1);
    CHECK(reports[i].total == 6);
  }
  CHECK(reports.back().seconds_left == 0);
}

TEST_CASE("runner: the first ETA counts an unmeasured configuration by its cost_hint") {
  scenario_results results;
  auto reports = reports_of(settings_with(1, 0), results);
  REQUIRE(reports.size() == 2);
  // After procs 1's run, procs 2 (hinted 8x) is left: 8 times what procs 1 took.
  auto first_wall = results.configurations[0].runs[0].wall_s;
  CHECK(reports[0].seconds_left == doctest::Approx(8 * first_wall));
}

TEST_CASE("runner: notes of a run reach the callback") {
  toy_scenario s{procs_declaration(), [](run_context& ctx) -> result<run_record> {
                   ctx.note("procs " + std::to_string(ctx.config().integer("procs")));
                   ctx.progress(0.5);
                   return run_record{};
                 }};
  std::vector<std::string> notes;
  std::size_t progress_calls = 0;
  runner_callbacks callbacks;
  callbacks.note = [&](const std::string& line) { notes.push_back(line); };
  callbacks.progress = [&](const progress_report&) { ++progress_calls; };
  REQUIRE(run_plan(s, plan_for(s, "1,2"), settings_with(1, 0), never, callbacks));
  CHECK(notes == std::vector<std::string>{"procs 1", "procs 2"});
  CHECK(progress_calls == 4); // one within and one after each run
}

TEST_CASE("runner: the noise monitor probes before the first round and after each measured one") {
  recorder rec;
  toy_scenario s{procs_declaration(), rec.run()};
  auto settings = settings_with(3, 2);
  auto results = run_plan(s, plan_for(s, "1,2"), settings, never);
  REQUIRE(results);
  REQUIRE(results->noise);
  const auto& samples = results->noise->samples;
  REQUIRE(samples.size() == 4); // before, and after rounds 0, 1, 2; none after warm-ups
  CHECK_FALSE(samples[0].after_round);
  for (std::size_t i = 1; i < samples.size(); ++i)
    CHECK(samples[i].after_round == i - 1);
  CHECK(samples[0].cpu_ms.size() == results->noise->cpus.size());
  CHECK(results->noise->discarded.empty());
  settings.noise_probe = false;
  auto off = run_plan(s, plan_for(s, "1,2"), settings, never);
  REQUIRE(off);
  CHECK_FALSE(off->noise);
}
