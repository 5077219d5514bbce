#include "bench/harness/runner.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "bench/harness/run_values.hpp"
#include "bench/harness/instruction_count.hpp"
#include "bench/harness/machine_info.hpp"
#include "harness/median_interval.hpp"
#include "harness/memory_check.hpp"
#include "harness/noise_monitor.hpp"
#include "harness/noise_probe.hpp"
#include "harness/run_loop.hpp"
#include "harness/search.hpp"
#include "harness/time_estimate.hpp"

namespace actorbench::bench {

namespace {

using clock = std::chrono::steady_clock;

clock::time_point deadline_of(const harness_settings& settings) {
  if (settings.time_limit_s <= 0)
    return clock::time_point::max();
  return clock::now()
         + std::chrono::duration_cast<clock::duration>(
           std::chrono::duration<double>(settings.time_limit_s));
}

/// One run of each configuration in `order`; false once a stop says to end.
result<bool> run_round(run_loop& loop, const std::vector<std::size_t>& order, bool warmup,
                       std::size_t round) {
  for (auto c : order) {
    if (loop.stopped())
      return false;
    auto ran = loop.run_one(c, warmup, round);
    if (!ran)
      return ran.err();
  }
  return !loop.stopped();
}

/// The configurations still below --min-time, each planned for as many
/// more runs as its median suggests (for the progress bar).
std::vector<std::size_t> below_min_time(run_loop& loop, const harness_settings& settings) {
  std::vector<std::size_t> out;
  for (std::size_t c = 0; c < loop.results().configurations.size(); ++c) {
    auto runs = loop.measured_runs(c);
    auto wall = loop.measured_wall_s(c);
    if (wall >= settings.min_time_s || runs >= settings.max_runs)
      continue;
    out.push_back(c);
    auto cost = loop.cost(c);
    auto more = cost > 0 ? std::ceil((settings.min_time_s - wall) / cost) : 1.0;
    loop.plan_more(c, static_cast<std::size_t>(
                        std::clamp(more, 1.0, static_cast<double>(settings.max_runs - runs))));
  }
  return out;
}

/// The configurations whose headline median is not yet known to within
/// --precision, each planned for as many more runs as the interval's
/// width suggests (it narrows as 1/sqrt(runs); progress only).
std::vector<std::size_t> below_precision(run_loop& loop, const harness_settings& settings) {
  std::vector<std::size_t> out;
  const auto& results = loop.results();
  if (!settings.precision || results.scenario.metrics.empty())
    return out;
  const auto& headline = results.scenario.headline();
  for (std::size_t c = 0; c < results.configurations.size(); ++c) {
    auto runs = loop.measured_runs(c);
    if (runs >= settings.max_runs)
      continue;
    auto interval = interval_of_median(per_run_values(results.configurations[c], headline));
    auto width = relative_half_width(interval);
    if (width <= *settings.precision)
      continue;
    out.push_back(c);
    double needed = std::isfinite(width)
                      ? static_cast<double>(runs) * std::pow(width / *settings.precision, 2)
                      : 6.0;
    auto more = std::clamp(needed - static_cast<double>(runs), 1.0,
                           static_cast<double>(settings.max_runs - runs));
    loop.plan_more(c, static_cast<std::size_t>(more));
  }
  return out;
}

/// Warm-up rounds (in-process only), measured rounds (A B C, A B C; shuffled within each),
/// then --min-time rounds over the configurations that are still short and
/// --precision rounds over those whose median is not yet precise enough;
/// the noise monitor probes the host before the first and after each.
result<bool> run_rounds(run_loop& loop, const harness_settings& settings, noise_monitor& noise) {
  std::vector<std::size_t> order(loop.results().configurations.size());
  std::iota(order.begin(), order.end(), 0);
  std::mt19937_64 rng{settings.seed};
  std::size_t round = 0;
  auto next_round = [&](std::vector<std::size_t> cs, bool warmup) -> result<bool> {
    if (settings.shuffle && !warmup)
      std::shuffle(cs.begin(), cs.end(), rng);
    if (warmup)
      return run_round(loop, cs, true, 0);
    auto r = round++;
    return noise.after_round(r, run_round(loop, cs, false, r),
                             [&] { return run_round(loop, cs, false, r); });
  };
  // A warm-up round of isolated runs would warm a process that then exits:
  // each measured run's child makes its own warm-ups instead.
  const bool isolated = settings.isolation.mode == isolation_mode::process;
  for (std::size_t w = 0; w < (isolated ? 0 : settings.warmup); ++w)
    if (auto more = next_round(order, true); !more || !*more)
      return more;
  for (std::size_t r = 0; r < settings.runs; ++r)
    if (auto more = next_round(order, false); !more || !*more)
      return more;
  if (settings.min_time_s > 0)
    for (auto short_ones = below_min_time(loop, settings); !short_ones.empty();
         short_ones = below_min_time(loop, settings))
      if (auto more = next_round(short_ones, false); !more || !*more)
        return more;
  for (auto wide = below_precision(loop, settings); !wide.empty();
       wide = below_precision(loop, settings))
    if (auto more = next_round(wide, false); !more || !*more)
      return more;
  return true;
}

/// Fills in what the configurations say of themselves and which are partial.
void finish(scenario_results& results, const scenario_session& session, std::size_t measured_runs) {
  for (auto& c : results.configurations) {
    c.facts = session.facts(c.config);
    c.partial = c.runs.size() < measured_runs
                || std::any_of(c.runs.begin(), c.runs.end(),
                               [](const run_result& r) { return r.record.partial; });
  }
  results.load_end = load_average_1m();
}

} // namespace

result<scenario_results> run_plan(const scenario& s, std::vector<configuration> plan,
                                  const harness_settings& settings, const std::atomic<bool>& stop,
                                  const runner_callbacks& callbacks) {
  // The probe's one calibration per process is not charged to --time-limit.
  if (settings.noise_probe)
    noise_probe::shared();
  stop_watcher watcher{stop, deadline_of(settings)};
  if (auto fits = check_plan_memory(s, plan, settings.memory_budget_bytes); !fits)
    return fits.err();
  auto budget = machine_budget(settings.memory_budget_bytes);
  auto search = search_requested(s.declared(), plan);
  if (!search)
    return search.err();
  // A search adds configurations the child's plan would not have.
  if (*search && settings.measure == measure_mode::instructions)
    return bad_input("invalid --measure 'instructions': " + s.declared().name
                     + "'s search runs in process only; give the values to measure as a list");
  if (*search && settings.isolation.mode == isolation_mode::process)
    return bad_input("invalid --isolate 'process': " + s.declared().name
                     + "'s search runs in process only; give the values to measure as a list");
  scenario_results results;
  results.scenario = s.declared();
  if (settings.measure == measure_mode::instructions)
    if (auto counted = count_instructions_in(results.scenario); !counted)
      return counted.err();
  results.harness = settings;
  results.load_start = load_average_1m();
  auto session = s.start(plan);
  if (!session)
    return session.err();
  if (!*search)
    for (auto& c : plan)
      results.configurations.push_back(configuration_result{std::move(c), {}, {}, {}, false});
  run_loop loop{**session, planned_runs(settings), settings.runs, callbacks, watcher, budget,
                results};
  // A search probes the host too: a failure while it was disturbed does not count.
  auto noise = callbacks.noise_probe
                 ? noise_monitor{settings, results, callbacks.noise_probe}
                 : noise_monitor{settings, results};
  if (*search) {
    auto found = run_search(loop, s, plan.front(), noise);
    if (!found)
      return found.err();
    results.search = std::move(*found);
  } else if (auto ran = run_rounds(loop, settings, noise); !ran) {
    return ran.err();
  }
  finish(results, **session, *search ? 1 : settings.runs);
  return results;
}

} // namespace actorbench::bench
