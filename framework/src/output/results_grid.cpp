#include "output/results_grid.hpp"

#include <cmath>
#include <functional>
#include <limits>

#include "bench/harness/run_values.hpp"
#include "bench/harness/statistics.hpp"
#include "bench/output/text_table.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

constexpr double not_available = std::numeric_limits<double>::quiet_NaN();

/// One statistic: its label, how it is read from a summary, whether it is
/// a spread (undefined under two runs).
struct statistic {
  const char* label;
  std::function<double(const summary&)> read;
  bool spread;
};

const std::vector<statistic>& statistics_shown() {
  static const std::vector<statistic> all = {
    {"median", [](const summary& s) { return s.median; }, false},
    {"mean", [](const summary& s) { return s.mean; }, false},
    {"min", [](const summary& s) { return s.min; }, false},
    {"max", [](const summary& s) { return s.max; }, false},
    {"std dev", [](const summary& s) { return s.stddev; }, true},
  };
  return all;
}

/// JMH's "Error": the half-width of the 99.9% interval of the mean.
const statistic confidence = {"99.9% CI ±", [](const summary& s) { return s.ci999; }, true};

std::string section_of(const metric_decl& m) {
  auto text = m.name;
  if (m.per_event) {
    static const char* const names[] = {"median", "p99", "p99.9", "max", "mean"};
    text += " (per run: " + std::string{names[static_cast<int>(m.per_run)]} + " of its events)";
  }
  if (m.direction == better::higher)
    text += " (higher is better)";
  return text;
}

/// The values of one statistic, "n/a" where it is undefined.
std::vector<double> stat_values(const statistic& st, const std::vector<summary>& sums) {
  std::vector<double> values;
  for (const auto& s : sums)
    values.push_back(s.count == 0 || (st.spread && s.count < 2) ? not_available : st.read(s));
  return values;
}

/// One unit for a metric's whole block, chosen over its medians, means,
/// minima and maxima, so a spread reads against the values in its unit.
display_unit block_unit(const metric_decl& m, const std::vector<summary>& sums,
                        const table_style& style) {
  std::vector<double> values;
  for (const auto& st : statistics_shown())
    if (!st.spread)
      for (auto v : stat_values(st, sums))
        values.push_back(v);
  return choose_unit(values, m.unit, style.time_unit);
}

/// The row of one statistic in the block's unit.
grid_row stat_row(const std::string& section, const statistic& st, const display_unit& unit,
                  const std::vector<summary>& sums) {
  auto values = stat_values(st, sums);
  grid_row row{section, st.label, {}};
  if (!unit.name.empty())
    row.label += " (" + unit.name + ")";
  for (auto v : values)
    row.cells.push_back(format_in(v, unit));
  return row;
}

grid_row cv_row(const std::string& section, const std::vector<summary>& sums) {
  grid_row row{section, "CV", {}};
  for (const auto& s : sums)
    row.cells.push_back(s.count < 2 || s.mean == 0 ? "n/a" : fixed(s.cv * 100, 1) + "%");
  return row;
}

void add_metric(results_grid& g, const scenario_results& r, const metric_decl& m,
                const table_style& style) {
  std::vector<summary> sums;
  bool any = false;
  for (const auto& c : r.configurations) {
    sums.push_back(summarize(per_run_values(c, m)));
    any = any || sums.back().count > 0;
  }
  if (!any)
    return;
  auto section = section_of(m);
  auto unit = block_unit(m, sums, style);
  for (const auto& st : statistics_shown())
    g.rows.push_back(stat_row(section, st, unit, sums));
  g.rows.push_back(cv_row(section, sums));
  g.rows.push_back(stat_row(section, confidence, unit, sums));
}

void add_checks(results_grid& g, const scenario_results& r) {
  for (const auto& check : r.scenario.checks) {
    grid_row row{"checks (must be 0)", check.name, {}};
    for (const auto& c : r.configurations)
      row.cells.push_back(std::to_string(check_total(c, check.name)));
    g.rows.push_back(std::move(row));
  }
}

} // namespace

std::vector<const metric_decl*> table_order(const declaration& d) {
  std::vector<const metric_decl*> order{&d.headline()};
  bool phases_done = false;
  for (const auto& m : d.metrics) {
    if (&m == order.front() || (m.phase && phases_done))
      continue;
    if (!m.phase) {
      order.push_back(&m);
      continue;
    }
    for (const auto& p : d.metrics)
      if (p.phase && &p != order.front())
        order.push_back(&p);
    phases_done = true;
  }
  return order;
}

results_grid make_results_grid(const scenario_results& r, const table_style& style) {
  results_grid g;
  g.columns = label_columns(r.scenario, r.configurations);
  grid_row runs{"", "runs", {}};
  for (const auto& c : r.configurations)
    runs.cells.push_back(std::to_string(c.runs.size()) + (c.partial ? " (partial)" : ""));
  g.rows.push_back(std::move(runs));
  if (!r.scenario.metrics.empty())
    for (const auto* m : table_order(r.scenario))
      add_metric(g, r, *m, style);
  add_checks(g, r);
  return g;
}

} // namespace actorbench::bench
