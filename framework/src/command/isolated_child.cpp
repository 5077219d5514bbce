#include "command/isolated_child.hpp"

#include <sys/prctl.h>

#include <chrono>
#include <csignal>

#include "harness/harness_context.hpp"
#include "bench/harness/interrupt.hpp"
#include "harness/measure_run.hpp"
#include "bench/output/results_writer.hpp"

namespace actorbench::bench {

namespace {

result<run_result> read_child_record(const std::string& text) {
  auto results = read_results(text, "the child's output");
  if (!results)
    return results.err();
  if (results->configurations.size() != 1 || results->configurations.front().runs.size() != 1)
    return runtime_failure("expected one configuration with one run");
  return std::move(results->configurations.front().runs.front());
}

result<run_result> make_run(const run_request& request, std::vector<configuration>& plan,
                            const child_run& run) {
  if (run.config >= plan.size())
    return bad_input("invalid --" + std::string{child_option} + ": configuration "
                     + std::to_string(run.config + 1) + " of a plan of "
                     + std::to_string(plan.size()));
  // The parent waits for this run; without it the run has no reader.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  auto session = request.target->start(plan);
  if (!session)
    return session.err();
  catch_interrupts();
  auto budget = machine_budget(request.settings.harness.memory_budget_bytes);
  auto origin = std::chrono::steady_clock::now();
  harness_context ctx{interrupt_flag(), budget};
  ctx.current = &plan[run.config];
  // A fresh process's first run is cold: a measured run comes after the
  // same run made untimed, as in-process runs come after --warmup's. A
  // stop during them still ends in the measured run, as partial.
  std::size_t warmups = run.warmup ? 0 : child_warmup_runs(request.settings.harness.warmup);
  for (std::size_t w = 0; w < warmups && !interrupt_flag().load(); ++w) {
    ctx.is_warmup = true;
    ctx.index = w;
    ctx.is_probe = false;
    ctx.runs_planned = warmups;
    if (auto warm = measure_run(**session, ctx, origin); !warm)
      return warm.err();
  }
  ctx.is_warmup = run.warmup;
  ctx.index = run.index;
  ctx.is_probe = run.probing;
  ctx.runs_planned = run.planned_runs;
  const auto& harness = request.settings.harness;
  measure_options counting{harness.measure == measure_mode::instructions,
                           harness.extra_work_per_unit};
  auto measured = measure_run(**session, ctx, origin, counting);
  if (measured)
    measured->child_warmups = warmups;
  return measured;
}

} // namespace

void prepare_isolation(harness_settings& harness, const run_request& request) {
  if (harness.isolation.mode != isolation_mode::process)
    return;
  // The child makes the same plan from the same command line (a --config
  // file included) and ignores --isolate once it has --isolate-child.
  harness.isolation.command_line = request.command_line;
  harness.isolation.read_run = read_child_record;
  harness.isolation.child_warmups = child_warmup_runs(harness.warmup);
}

int run_isolated_child(const run_request& request, std::vector<configuration> plan,
                       const command_context& ctx) {
  const auto& run = *request.settings.child;
  auto measured = make_run(request, plan, run);
  if (!measured)
    return report_failure(ctx, measured.err());
  scenario_results out;
  out.tool = request.tool;
  out.scenario = request.target->declared();
  out.harness = request.settings.harness;
  configuration_result c;
  c.config = plan[run.config];
  c.config.index = 0;
  c.runs.push_back(std::move(*measured));
  out.configurations.push_back(std::move(c));
  ctx.out << to_json(out) << std::flush;
  return 0;
}

} // namespace actorbench::bench
