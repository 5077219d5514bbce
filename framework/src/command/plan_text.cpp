#include "command/plan_text.hpp"

#include <sstream>

#include "command/estimate_text.hpp"
#include "command/help_text.hpp"
#include "bench/harness/run_values.hpp"
#include "bench/output/column_labels.hpp"
#include "bench/output/text_wrap.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

// Failed checks named in the one error line; the rest are counted.
constexpr std::size_t max_named_failures = 3;

std::vector<configuration_result> as_results(const std::vector<configuration>& plan) {
  std::vector<configuration_result> out;
  for (const auto& c : plan)
    out.push_back({c, {}, {}, {}, false});
  return out;
}

// constants_line broken between its items to fit help_width, the lines
// after the first aligned under the first item.
std::vector<std::string> constants_lines(const column_labels& labels) {
  std::vector<std::string> lines;
  for (const auto& c : labels.constants) {
    if (lines.empty())
      lines.push_back("constant: " + c);
    else if (code_points(lines.back()) + 3 + code_points(c) <= help_width)
      lines.back() += " · " + c;
    else
      lines.push_back("          " + c); // under the first item
  }
  return lines;
}

} // namespace

std::string plan_text(const declaration& d, const std::vector<configuration>& plan,
                      const harness_settings& settings) {
  auto labels = label_columns(d, as_results(plan));
  auto estimate = estimate_time(d, plan, settings);
  std::ostringstream out;
  auto per = settings.warmup + settings.runs;
  if (estimate.search)
    out << d.name << ": a search (--" << d.search->flag << ") for the largest --" << d.search->param
        << " that keeps up, to within " << d.search->resolution * 100 << "%";
  else
    out << d.name << ": " << counted(plan.size(), "configuration") << ", each " << settings.warmup
        << " warm-up + " << settings.runs << " measured: " << counted(per * plan.size(), "run")
        << " in " << counted(per, "round");
  if (settings.min_time_s > 0 && !estimate.search)
    out << ", more until each has " << settings.min_time_s << " s of runs";
  if (settings.precision && !estimate.search)
    out << ", more until each median's 95% interval is within ±" << *settings.precision * 100
        << "%";
  out << (settings.shuffle ? ", shuffled (seed " + std::to_string(settings.seed) + ")" : "") << '\n'
      << estimate_text(estimate, settings) << '\n';
  for (const auto& line : constants_lines(labels))
    out << line << '\n';
  for (std::size_t i = 0; i < plan.size(); ++i) {
    out << "  " << i + 1;
    if (i < labels.labels.size() && !labels.labels[i].empty())
      out << "  " << labels.labels[i];
    out << (i == settings.reference ? " (reference)" : "") << '\n';
  }
  return out.str();
}

std::string failed_checks(const scenario_results& r) {
  const auto& configs = r.configurations;
  auto labels = label_columns(r.scenario, configs).labels;
  std::vector<std::string> failures;
  for (std::size_t i = 0; i < configs.size(); ++i)
    for (const auto& check : r.scenario.checks)
      if (auto total = check_total(configs[i], check.name); total > 0)
        failures.push_back(std::to_string(total) + " " + check.name
                           + (i < labels.size() && !labels[i].empty() ? " in " + labels[i] : ""));
  std::string line;
  for (std::size_t i = 0; i < failures.size() && i < max_named_failures; ++i)
    line += (i == 0 ? "" : ", ") + failures[i];
  if (failures.size() > max_named_failures)
    line += " and " + std::to_string(failures.size() - max_named_failures) + " more";
  return line;
}

} // namespace actorbench::bench
