#include "command/run_command.hpp"

#include <ctime>
#include <optional>
#include <sstream>

#include "command/isolated_child.hpp"
#include "command/plan_text.hpp"
#include "command/results_output.hpp"
#include "bench/harness/interrupt.hpp"
#include "bench/harness/machine_info.hpp"
#include "harness/memory_check.hpp"
#include "bench/harness/runner.hpp"
#include "bench/harness/value_list.hpp"
#include "output/progress_bar.hpp"
#include "bench/output/output_path.hpp"

namespace actorbench::bench {

namespace {

std::string utc_now() {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

// A file the run writes (--dump-keys) that --output or --plot would replace.
result<void> refuse_written_files(const run_request& request) {
  const auto& output = request.settings.output;
  for (const auto& p : request.target->declared().params) {
    auto text = request.texts.find(p.name);
    if (!p.writes_file || text == request.texts.end())
      continue;
    for (auto ok : {refuse_same_file("--output", output.output_path, "--" + p.name, text->second),
                    refuse_same_file("--plot", output.plot_path, "--" + p.name, text->second)})
      if (!ok)
        return ok;
  }
  return {};
}

result<std::vector<configuration>> checked_plan(const run_request& request) {
  auto plan = make_plan(*request.target, request.texts);
  if (!plan)
    return plan;
  if (auto ok = refuse_written_files(request); !ok)
    return ok.err();
  auto reference = request.settings.reference;
  if (auto ok = parse_count("--reference", std::to_string(reference), 1, plan->size()); !ok)
    return ok.err();
  return plan;
}

// The bar and the notes on err, drawn only on a terminal and without --quiet;
// a note clears the bar's line first so that it stands alone.
runner_callbacks progress_callbacks(const command_context& ctx, bool quiet,
                                    std::optional<progress_bar>& bar) {
  runner_callbacks out;
  if (quiet)
    return out;
  if (ctx.terminal_err) {
    bar.emplace(ctx.err);
    out.progress = [&bar](const progress_report& p) {
      bar->update(p.done, p.total, p.seconds_left);
    };
  }
  out.note = [&ctx, &bar](const std::string& line) {
    if (bar)
      bar->finish();
    ctx.err << ctx.program << ": " << line << std::endl;
  };
  return out;
}

// --reference as given (1-based), else the scenario's choice, else the first.
harness_settings harness_of(const run_request& request, const std::vector<configuration>& plan) {
  auto harness = request.settings.harness;
  harness.reference = request.settings.reference_given
                        ? request.settings.reference - 1
                        : request.target->default_reference(plan).value_or(0);
  return harness;
}

result<scenario_results> measure(const run_request& request, std::vector<configuration> plan,
                                 const command_context& ctx) {
  std::optional<progress_bar> bar;
  auto callbacks = progress_callbacks(ctx, request.settings.quiet, bar);
  catch_interrupts();
  double load_start = load_average_1m();
  auto harness = harness_of(request, plan);
  prepare_isolation(harness, request);
  auto results = run_plan(*request.target, std::move(plan), harness, interrupt_flag(), callbacks);
  if (bar)
    bar->finish();
  if (!results)
    return results;
  results->tool = request.tool;
  results->created = utc_now();
  results->command_line = request.command_line;
  results->machine = read_machine_info();
  results->load_start = load_start;
  results->load_end = load_average_1m();
  return results;
}

bool any_run(const scenario_results& r) {
  for (const auto& c : r.configurations)
    if (!c.runs.empty())
      return true;
  return false;
}

// Why the runs ended early, as the last line, or the failed checks; 0 when
// neither.
int verdict(const scenario_results& r, const run_request& request, const command_context& ctx) {
  bool interrupted = interrupt_flag().load();
  if (interrupted)
    return report_failure(
      ctx, runtime_failure("interrupted by signal " + std::to_string(interrupt_signal())
                           + ": the results measured so far were written, "
                             "marked partial"));
  if (!r.stopped.empty() && !request.settings.quiet)
    ctx.err << ctx.program << ": stopped (" << r.stopped
            << "): the results measured so far were written, marked partial" << std::endl;
  if (auto failed = failed_checks(r); !failed.empty())
    return report_failure(ctx, runtime_failure(failed + ": the results are not valid"));
  return 0;
}

std::string seconds_text(double s) {
  std::ostringstream out;
  out << s << " s";
  return out.str();
}

std::string nothing_measured(const scenario_results& r, const run_request& request) {
  auto limit = request.settings.harness.time_limit_s;
  auto why = interrupt_flag().load() ? "interrupted by signal " + std::to_string(interrupt_signal())
             : r.stopped == "time limit" && limit > 0
               ? "--time-limit of " + seconds_text(limit) + " reached"
             : r.stopped.empty() ? std::string{"the runs ended"}
                                 : r.stopped + " reached";
  return why + " before any run was measured: nothing to write";
}

} // namespace

int run_scenario(const run_request& request, const command_context& ctx) {
  auto plan = checked_plan(request);
  if (!plan)
    return report_failure(ctx, plan.err());
  auto table_view = choose_view(request.target->views(), request.settings.output.view,
                                request.settings.harness.measure);
  if (!table_view)
    return report_failure(ctx, table_view.err());
  if (request.settings.child)
    return run_isolated_child(request, std::move(*plan), ctx);
  if (request.settings.dry_run) {
    // What the run would refuse before any work, --dry-run refuses too.
    if (auto fits =
          check_plan_memory(*request.target, *plan, request.settings.harness.memory_budget_bytes);
        !fits)
      return report_failure(ctx, fits.err());
    ctx.out << plan_text(request.target->declared(), *plan, harness_of(request, *plan));
    return 0;
  }
  auto results = measure(request, std::move(*plan), ctx);
  if (!results)
    return report_failure(ctx, results.err());
  // Nothing measured is no result: a previous --output file stays as it was.
  if (!any_run(*results))
    return report_failure(ctx, runtime_failure(nothing_measured(*results, request)));
  if (auto ok = write_results(ctx, *results, request.settings.output, *table_view,
                              request.target);
      !ok)
    return report_failure(ctx, ok.err());
  return verdict(*results, request, ctx);
}

} // namespace actorbench::bench
