#include "output/results_notes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <variant>

#include "bench/harness/ratio_interval.hpp"
#include "bench/harness/run_values.hpp"
#include "harness/median_interval.hpp"
#include "bench/harness/statistics.hpp"
#include "bench/output/ratio_text.hpp"
#include "bench/output/text_table.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

/// Runs a side needs before the U test's normal approximation is trusted.
constexpr std::size_t reliable_runs = 9;

std::string run_numbers(const std::vector<std::size_t>& indices) {
  std::string text;
  for (auto i : indices)
    text += (text.empty() ? "" : ", ") + std::to_string(i + 1);
  return text;
}

void headline_warnings(const configuration_result& c, const metric_decl& m,
                       const std::string& label, std::vector<std::string>& out) {
  auto values = per_run_values(c, m);
  auto odd = outliers(values);
  if (!odd.empty())
    out.push_back("warning: " + label + ": " + std::to_string(odd.size()) + " outlier run"
                  + (odd.size() == 1 ? "" : "s") + " of " + m.name + " (run " + run_numbers(odd)
                  + "); other work on the machine may have disturbed them");
  if (first_run_much_slower(values))
    out.push_back("warning: " + label + ": the first run was much slower than the rest"
                  " (a cold start?); more --warmup runs may help");
}

void check_warnings(const scenario_results& r, const configuration_result& c,
                    const std::string& label, std::vector<std::string>& out) {
  for (const auto& check : r.scenario.checks) {
    auto total = check_total(c, check.name);
    if (total != 0)
      out.push_back("INVALID: " + label + ": " + check.name + " = " + std::to_string(total)
                    + " (must be 0); these results do not measure what they claim");
  }
}

// Callgrind counts every thread: with more than one, idle scheduler
// workers' polling adds instructions that vary by a few percent between runs
// and between commands, where one thread holds them within 0.1%.
void instruction_warning(const scenario_results& r, std::vector<std::string>& out) {
  if (r.harness.measure != measure_mode::instructions)
    return;
  std::int64_t most = 0;
  for (const auto& c : r.configurations) {
    auto at = c.config.values.find(std::string_view{"threads"});
    if (at != c.config.values.end())
      if (const auto* n = std::get_if<std::int64_t>(&at->second))
        most = std::max(most, *n);
  }
  if (most > 1)
    out.push_back("warning: with " + std::to_string(most)
                  + " threads the instruction counts vary by a few percent between runs and "
                    "between commands (idle scheduler workers poll); --threads 1 holds them "
                    "within 0.1%");
}

} // namespace

std::vector<std::string> comparison_notes(const scenario_results& r, const column_labels& labels) {
  std::vector<std::string> out;
  auto ref = r.harness.reference;
  if (r.configurations.size() < 2 || ref >= r.configurations.size() || r.scenario.metrics.empty())
    return out;
  const auto& m = r.scenario.headline();
  auto base = per_run_values(r.configurations[ref], m);
  if (base.empty())
    return out;
  out.push_back("relative to " + labels.labels[ref] + " (median " + m.name + "):");
  bool unreliable = false;
  for (std::size_t i = 0; i < r.configurations.size(); ++i) {
    auto values = per_run_values(r.configurations[i], m);
    if (i == ref || values.empty())
      continue;
    auto ratio = relative_to(values, base);
    auto line = "  " + labels.labels[i] + ": " + describe_ratio(ratio, m);
    if (ratio.estimated_only)
      line += " (point estimate only: fewer than 2 runs a side)";
    else if (std::min(values.size(), base.size()) < reliable_runs) {
      line += " (unreliable)";
      unreliable = true;
    }
    out.push_back(line);
  }
  if (unreliable)
    out.push_back("  unreliable: fewer than 9 runs on a side, too few for the U test's p");
  return out;
}

std::vector<std::string> warning_notes(const scenario_results& r, const column_labels& labels) {
  std::vector<std::string> out;
  if (!r.stopped.empty())
    out.push_back("warning: stopped early (" + r.stopped + "): the results are partial");
  instruction_warning(r, out);
  for (std::size_t i = 0; i < r.configurations.size(); ++i) {
    const auto& c = r.configurations[i];
    const auto& label = labels.labels[i];
    if (!r.scenario.metrics.empty())
      headline_warnings(c, r.scenario.headline(), label, out);
    if (c.partial)
      out.push_back("warning: " + label + ": partial (fewer runs than planned, or a run was cut"
                    " short)");
    check_warnings(r, c, label, out);
  }
  return out;
}

std::vector<std::string> precision_notes(const scenario_results& r, const column_labels& columns) {
  if (!r.harness.precision || r.scenario.metrics.empty() || r.configurations.empty())
    return {};
  const auto& m = r.scenario.headline();
  auto asked = fixed(*r.harness.precision * 100, 1) + "%";
  const auto& labels = columns.labels;
  std::vector<std::string> wide;
  std::size_t fewest = SIZE_MAX, most = 0;
  for (std::size_t i = 0; i < r.configurations.size(); ++i) {
    const auto& c = r.configurations[i];
    fewest = std::min(fewest, c.runs.size());
    most = std::max(most, c.runs.size());
    auto width = relative_half_width(interval_of_median(per_run_values(c, m)));
    if (width > *r.harness.precision) {
      auto label = i < labels.size() && !labels[i].empty() ? labels[i] : m.name;
      wide.push_back("warning: " + label + ": the 95% interval of the median " + m.name + " is "
                     + (std::isfinite(width) ? "±" + fixed(width * 100, 1) + "%" : "unknown")
                     + " after " + counted(c.runs.size(), "run") + ", not within --precision "
                     + asked + " ("
                     + (r.stopped.empty() ? "the most runs were reached" : "stopped: " + r.stopped)
                     + ")");
    }
  }
  if (!wide.empty())
    return wide;
  return {"precision: every median " + m.name + " within ±" + asked + " (95% interval) after "
          + (fewest == most ? std::to_string(most) : std::to_string(fewest) + " to "
                                                       + std::to_string(most))
          + " runs"};
}

} // namespace actorbench::bench
