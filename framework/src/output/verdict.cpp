#include "bench/output/verdict.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "harness/median_interval.hpp"
#include "bench/harness/metric.hpp"
#include "bench/harness/run_values.hpp"
#include "bench/harness/statistics.hpp"
#include "bench/output/column_labels.hpp"
#include "bench/output/ratio_text.hpp"
#include "bench/output/text_table.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

std::string percent(double ratio) {
  auto pct = (ratio - 1) * 100;
  return fixed(pct, std::fabs(pct) >= 10 || pct == 0 ? 0 : 1) + "%";
}

} // namespace

std::string median_with_interval(const std::vector<double>& values, const std::string& base_unit) {
  auto i = interval_of_median(values);
  if (i.count == 0)
    return "n/a";
  auto unit = choose_unit({i.median}, base_unit);
  auto text = format_in(i.median, unit) + (unit.name.empty() ? "" : " " + unit.name);
  if (i.covered)
    return text + " [" + format_in(i.low, unit) + ", " + format_in(i.high, unit) + "]";
  if (i.count == 1)
    return text + " (1 run)";
  return text + " (" + counted(i.count, "run") + ", range " + format_in(i.low, unit) + "-"
         + format_in(i.high, unit) + ")";
}

bool is_tie(const ratio_interval& q) {
  return !q.estimated_only && q.low <= 1 && q.high >= 1;
}

std::string factor_with_interval(const ratio_interval& q) {
  auto text = factor(q.ratio) + "x";
  if (q.estimated_only)
    return text;
  return text + " [" + factor(q.low) + ", " + factor(q.high) + "]";
}

std::string change_with_interval(const ratio_interval& q) {
  if (q.estimated_only)
    return percent(q.ratio);
  return percent(q.ratio) + " [" + percent(q.low) + ", " + percent(q.high) + "]";
}

std::string grouped(double n) {
  char digits[64];
  std::snprintf(digits, sizeof digits, "%.0f", std::fabs(n));
  std::string text = digits;
  for (auto at = static_cast<int>(text.size()) - 3; at > 0; at -= 3)
    text.insert(static_cast<std::size_t>(at), ",");
  return n < 0 ? "-" + text : text;
}

std::string generic_verdict(const scenario_results& r) {
  if (r.scenario.metrics.empty())
    return "no metrics declared";
  const auto& m = r.scenario.headline();
  std::vector<std::size_t> measured;
  std::vector<std::vector<double>> values(r.configurations.size());
  for (std::size_t i = 0; i < r.configurations.size(); ++i) {
    values[i] = per_run_values(r.configurations[i], m);
    if (!values[i].empty())
      measured.push_back(i);
  }
  if (measured.empty())
    return "no runs measured";
  auto labels = label_columns(r.scenario, r.configurations).labels;
  auto label = [&](std::size_t i) {
    return i < labels.size() && !labels[i].empty() ? labels[i]
                                                   : "configuration " + std::to_string(i + 1);
  };
  // The metric in words ("request latency"), as the table's title says it.
  const auto title = metric_title(m);
  if (measured.size() == 1)
    return title + " " + median_with_interval(values[measured.front()], m.unit)
           + " (median, 95% interval)";
  std::stable_sort(measured.begin(), measured.end(), [&](std::size_t a, std::size_t b) {
    auto ma = median(values[a]);
    auto mb = median(values[b]);
    return m.direction == better::lower ? ma < mb : ma > mb;
  });
  auto best = measured[0];
  auto next = measured[1];
  auto q = relative_to(values[next], values[best]);
  auto text = "best " + title + ": " + label(best) + ", "
              + median_with_interval(values[best], m.unit) + "; " + label(next);
  if (is_tie(q))
    return text + " ties (" + factor_with_interval(q) + ")";
  return text + " " + describe_ratio(q, m);
}

} // namespace actorbench::bench
