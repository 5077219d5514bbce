#include "command/saved_commands.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <utility>

#include "command/results_output.hpp"
#include "command/run_settings.hpp"
#include "command/saved_results.hpp"
#include "output/missing_values.hpp"
#include "bench/output/output_path.hpp"
#include "output/results_diff.hpp"
#include "output/results_merge.hpp"

namespace actorbench::bench {

namespace {

// A report written over one of its inputs would lose the saved results.
result<void> refuse_inputs(const std::vector<std::string>& files, const output_settings& s) {
  for (const auto& input : files)
    for (const auto& [option, path] :
         {std::pair{"--output", s.output_path}, {"--plot", s.plot_path}})
      if (auto ok = refuse_same_file(option, path, "the input", input); !ok)
        return ok;
  return {};
}

// A saved result, and a note on stderr for each metric with missing values
// (null in the file), which the statistics leave out.
result<scenario_results> read_saved(const std::string& file, const command_context& ctx) {
  auto r = read_results_file(file);
  if (r)
    for (const auto& note : missing_value_notes(*r, file))
      ctx.err << ctx.program << ": note: " << note << '\n';
  return r;
}

result<scenario_results> read_merged(const std::vector<std::string>& files,
                                     const command_context& ctx) {
  std::vector<std::pair<std::string, scenario_results>> read;
  for (const auto& file : files) {
    auto r = read_saved(file, ctx);
    if (!r)
      return r.err();
    read.emplace_back(file, std::move(*r));
  }
  if (read.size() == 1)
    return std::move(read.front().second);
  return merge_results(std::move(read));
}

result<diff_options> read_diff_options(const std::vector<std::string>& files,
                                       const by_name<std::string>& values) {
  diff_options o;
  o.old_name = files.at(0);
  o.new_name = files.at(1);
  if (auto metric = values.find("metric"); metric != values.end()) {
    o.all_metrics = metric->second == "all";
    o.metric = o.all_metrics ? "" : metric->second;
  }
  if (auto pct = values.find("fail-above"); pct != values.end()) {
    char* end = nullptr;
    double v = std::strtod(pct->second.c_str(), &end);
    if (end == pct->second.c_str() || *end != '\0' || !std::isfinite(v) || v < 0)
      return bad_input("invalid --fail-above '" + pct->second
                       + "': expected a percentage such as 10");
    o.fail_above_pct = v;
  }
  if (auto pct = values.find("noise-threshold"); pct != values.end()) {
    const auto& text = pct->second;
    auto number = text.size() > 1 && text.back() == '%' ? text.substr(0, text.size() - 1) : text;
    char* end = nullptr;
    double v = number.empty() ? -1 : std::strtod(number.c_str(), &end);
    if (number.empty() || *end != '\0' || !(v >= 0 && v < 100))
      return bad_input("invalid --noise-threshold '" + text
                       + "': expected a percentage from 0 to below 100, such as 5 or 5%");
    o.noise_threshold_pct = v;
  }
  if (auto strict = values.find("strict"); strict != values.end()) {
    auto on = read_on_off("--strict", strict->second);
    if (!on)
      return on.err();
    o.strict = *on;
  }
  return o;
}

std::size_t regressions(const results_diff& d) {
  std::size_t n = 0;
  for (const auto& c : d.matched)
    for (const auto& m : c.metrics)
      if (m.regressed) {
        ++n;
        break;
      }
  return n;
}

// A diff's options and its comparison, before anything is written.
struct diff_job {
  output_settings settings;
  diff_options options;
  results_diff diff;
};

result<diff_job> prepare_diff(const std::vector<std::string>& files,
                              const by_name<std::string>& values, const command_context& ctx) {
  if (files.size() != 2)
    return bad_input("diff takes two files, OLD and NEW, not " + std::to_string(files.size())
                     + "; see " + ctx.program + " diff --help");
  auto settings = read_output_settings(values);
  if (!settings)
    return settings.err();
  if (auto ok = refuse_inputs(files, *settings); !ok)
    return ok.err();
  auto options = read_diff_options(files, values);
  if (!options)
    return options.err();
  auto old_run = read_saved(files[0], ctx);
  if (!old_run)
    return old_run.err();
  auto new_run = read_saved(files[1], ctx);
  if (!new_run)
    return new_run.err();
  auto d = diff_results(*old_run, *new_run, *options);
  if (!d)
    return d.err();
  return diff_job{std::move(*settings), std::move(*options), std::move(*d)};
}

result<void> write_report(const std::vector<std::string>& files, const by_name<std::string>& values,
                          const registry& r, const command_context& ctx) {
  auto settings = read_output_settings(values);
  if (!settings)
    return settings.err();
  if (auto ok = refuse_inputs(files, *settings); !ok)
    return ok;
  auto results = read_merged(files, ctx);
  if (!results)
    return results.err();
  const auto* known = r.find(results->scenario.name);
  auto table_view =
    choose_view(known ? known->views() : std::vector<const view*>{}, settings->view,
                results->harness.measure);
  if (!table_view)
    return table_view.err();
  return write_results(ctx, *results, *settings, *table_view, known);
}

// Reading or writing that ran out of memory: the reading has its own line
// (read_results_file), this is for the rest, such as a table too large.
error out_of_memory(const std::string& doing, const std::vector<std::string>& files) {
  std::string names;
  for (const auto& f : files)
    names += (names.empty() ? "'" : ", '") + f + "'";
  return runtime_failure("out of memory " + doing + " " + names);
}

// Reads, compares and writes; a regression is a failure (exit 1).
int compare_saved(const std::vector<std::string>& files, const by_name<std::string>& values,
                  const command_context& ctx) {
  auto job = prepare_diff(files, values, ctx);
  if (!job)
    return report_failure(ctx, job.err());
  table_style style;
  style.time_unit = job->settings.time_unit;
  auto ok = publish(ctx, job->settings, [&](std::ostream& out, results_format format) {
    write_results_diff(job->diff, format, style, out);
  });
  if (!ok)
    return report_failure(ctx, ok.err());
  auto n = regressions(job->diff);
  if (n == 0 && job->options.strict && job->diff.inconclusive())
    return report_failure(
      ctx, runtime_failure("inconclusive with --strict: a side's compared runs were noisy"));
  if (n == 0)
    return 0;
  char pct[32];
  std::snprintf(pct, sizeof pct, "%g%%", job->options.fail_above_pct.value_or(0));
  return report_failure(
    ctx, runtime_failure(std::to_string(n) + " of " + std::to_string(job->diff.matched.size())
                         + " configurations got worse by more than " + pct));
}

} // namespace

int report_saved(const std::vector<std::string>& files, const by_name<std::string>& values,
                 const registry& r, const command_context& ctx) {
  if (files.empty())
    return report_failure(
      ctx, bad_input("report needs a FILE: " + ctx.program + " report FILE... [OPTIONS]"));
  try {
    auto ok = write_report(files, values, r, ctx);
    return ok ? 0 : report_failure(ctx, ok.err());
  } catch (const std::bad_alloc&) {
    return report_failure(ctx, out_of_memory("reporting", files));
  }
}

int diff_saved(const std::vector<std::string>& files, const by_name<std::string>& values,
               const command_context& ctx) {
  try {
    return compare_saved(files, values, ctx);
  } catch (const std::bad_alloc&) {
    return report_failure(ctx, out_of_memory("comparing", files));
  }
}

} // namespace actorbench::bench
