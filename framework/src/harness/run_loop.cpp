#include "harness/run_loop.hpp"

#include <algorithm>

#include "harness/harness_context.hpp"
#include "bench/harness/instruction_count.hpp"
#include "harness/measure_run.hpp"

namespace actorbench::bench {

namespace {

// A run cut short before its headline metric had a value (a keygen cell
// stopped before its first key) measured nothing: it is not kept.
bool measured_nothing(const run_result& r, const declaration& d) {
  auto headline = r.record.samples.find(d.headline().name);
  return r.record.partial && (headline == r.record.samples.end() || headline->second.empty());
}

std::vector<double> hints_of(const scenario_session& session, const scenario_results& results) {
  std::vector<double> out;
  for (const auto& c : results.configurations)
    out.push_back(session.cost_hint(c.config));
  return out;
}

} // namespace

run_loop::run_loop(scenario_session& session, std::size_t planned_runs, std::size_t measured_runs,
                   const runner_callbacks& callbacks, stop_watcher& stop,
                   const memory_budget& budget, scenario_results& results)
  : session_(session),
    callbacks_(callbacks),
    stop_(stop),
    budget_(budget),
    results_(results),
    estimate_(hints_of(session, results)),
    planned_(results.configurations.size(), planned_runs),
    measured_runs_(measured_runs),
    taken_(results.configurations.size()),
    warmups_taken_(results.configurations.size()) {}

result<void> run_loop::run_one(std::size_t config, bool warmup, std::size_t round, bool probing) {
  auto& target = results_.configurations[config];
  harness_context ctx{stop_.flag(), budget_};
  ctx.current = &target.config;
  ctx.is_warmup = warmup;
  ctx.index = warmup ? warmups_taken_[config] : target.runs.size();
  ctx.is_probe = probing;
  ctx.runs_planned = probing ? 1 : measured_runs_;
  ctx.ends = stop_.deadline();
  ctx.on_progress = [this, config](double f) { report(f, config); };
  ctx.on_note = callbacks_.note;
  if (!origin_)
    origin_ = std::chrono::steady_clock::now();
  auto measured = results_.harness.isolation.mode == isolation_mode::process
                    ? measure_in_child(config, ctx)
                    : measure_run(session_, ctx, *origin_);
  if (!measured)
    return measured.err();
  estimate_.record(config, measured->wall_s, warmup);
  ++taken_[config];
  if (warmup) {
    ++warmups_taken_[config];
  } else if (!measured_nothing(*measured, results_.scenario)) {
    measured->index = target.runs.size();
    measured->round = round;
    target.runs.push_back(std::move(*measured));
  }
  report(0, config);
  return {};
}

result<run_result> run_loop::measure_in_child(std::size_t config, const harness_context& ctx) {
  const auto& isolation = results_.harness.isolation;
  child_run run{config, ctx.index, ctx.is_warmup, ctx.runs_planned, ctx.is_probe};
  auto spawned = std::chrono::steady_clock::now();
  // A measured run's child first makes its untimed warm-ups; a warm-up's
  // child makes only the warm-up (it is discarded either way).
  auto runs = 1 + (ctx.is_warmup ? 0 : isolation.child_warmups);
  auto wait_s = child_wait_s(isolation, *ctx.current, runs);
  auto measured
    = results_.harness.measure == measure_mode::instructions
        ? count_in_child(isolation, run, wait_s, stop_.flag(), results_.scenario.headline().name)
        : run_in_child(isolation, run, wait_s, stop_.flag());
  // The child's clock starts at its own start: the run began that much
  // after this process spawned it.
  if (measured)
    measured->started_s += std::chrono::duration<double>(spawned - *origin_).count();
  return measured;
}

bool run_loop::stopped() {
  auto reason = stop_.reason();
  if (!reason.empty())
    results_.stopped = reason;
  return !reason.empty();
}

std::size_t run_loop::add_configuration(configuration c, std::size_t planned_runs) {
  c.index = results_.configurations.size();
  auto hint = session_.cost_hint(c);
  configuration_result added;
  added.config = std::move(c);
  results_.configurations.push_back(std::move(added));
  planned_.push_back(planned_runs);
  taken_.push_back(0);
  warmups_taken_.push_back(0);
  return estimate_.add(hint);
}

void run_loop::plan_more(std::size_t config, std::size_t runs) {
  planned_[config] = taken_[config] + runs;
}

std::size_t run_loop::measured_runs(std::size_t config) const {
  return results_.configurations[config].runs.size();
}

double run_loop::measured_wall_s(std::size_t config) const {
  double total = 0;
  for (const auto& r : results_.configurations[config].runs)
    total += r.wall_s;
  return total;
}

void run_loop::report(double fraction_of_current, std::size_t current) const {
  if (!callbacks_.progress)
    return;
  std::vector<std::size_t> remaining(planned_.size());
  progress_report out;
  for (std::size_t i = 0; i < planned_.size(); ++i) {
    remaining[i] = planned_[i] > taken_[i] ? planned_[i] - taken_[i] : 0;
    out.done += taken_[i];
    out.total += std::max(planned_[i], taken_[i]);
  }
  out.seconds_left = estimate_.seconds_left(remaining);
  if (fraction_of_current > 0 && remaining[current] > 0)
    out.seconds_left = std::max(0.0, out.seconds_left - fraction_of_current * cost(current));
  callbacks_.progress(out);
}

} // namespace actorbench::bench
