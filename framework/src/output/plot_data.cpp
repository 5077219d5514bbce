#include "output/plot_data.hpp"

#include <algorithm>
#include <cmath>

#include "bench/harness/run_values.hpp"
#include "bench/output/column_labels.hpp"

namespace actorbench::bench {

namespace {

bool is_numeric(const param_decl& p) {
  return p.type == param_type::integer || p.type == param_type::size
         || p.type == param_type::duration;
}

double number_of(const configuration& c, const std::string& name) {
  auto i = c.values.find(name);
  if (i == c.values.end())
    return std::nan("");
  if (const auto* n = std::get_if<std::int64_t>(&i->second))
    return static_cast<double>(*n);
  if (const auto* d = std::get_if<double>(&i->second))
    return *d;
  return std::nan("");
}

/// The numeric parameter plotted along x: the first scanned one that is not
/// threads, else threads, else none.
const param_decl* x_param(const declaration& d, const std::vector<configuration_result>& cs) {
  const param_decl* threads = nullptr;
  for (const auto& p : d.params) {
    if (!is_numeric(p))
      continue;
    // n/a everywhere (NaN, which equals nothing) does not vary either.
    const double first = number_of(cs.front().config, p.name);
    bool varies = std::any_of(cs.begin(), cs.end(), [&](const configuration_result& c) {
      const double v = number_of(c.config, p.name);
      return v != first && !(std::isnan(v) && std::isnan(first));
    });
    if (varies && p.name != "threads")
      return &p;
    if (varies)
      threads = &p;
  }
  return threads;
}

/// Groups `cs` by what varies apart from `x`, each sorted along x.
std::vector<plot_series> group_series(const declaration& d,
                                      const std::vector<configuration_result>& cs,
                                      const std::string& x) {
  auto labels = label_columns(d, cs, x);
  std::vector<plot_series> out;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    std::string key;
    for (const auto& row : labels.header)
      key += (key.empty() || row[i].empty() ? "" : ", ") + row[i];
    auto at = std::find_if(out.begin(), out.end(),
                           [&](const plot_series& s) { return s.title == key; });
    if (at == out.end())
      at = out.insert(out.end(), plot_series{key, {}});
    at->points.push_back(
      {number_of(cs[i].config, x), summarize(per_run_values(cs[i], d.headline()))});
  }
  for (auto& s : out) {
    std::sort(s.points.begin(), s.points.end(),
              [](const plot_point& a, const plot_point& b) { return a.x < b.x; });
    if (s.title.empty())
      s.title = metric_title(d.headline());
  }
  return out;
}

/// Positive values whose successive ratios are alike and at least 1.9,
/// or two values a factor 10 apart: 1000, 10000, 100000.
bool geometric(std::vector<double> xs) {
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  if (xs.size() < 2 || xs.front() <= 0)
    return false;
  if (xs.size() == 2)
    return xs[1] / xs[0] >= 10;
  double low = INFINITY, high = 0;
  for (std::size_t i = 1; i < xs.size(); ++i) {
    low = std::min(low, xs[i] / xs[i - 1]);
    high = std::max(high, xs[i] / xs[i - 1]);
  }
  return low >= 1.9 && high / low <= 1.5;
}

/// Log x when x grows geometrically; log y as well when the medians span a
/// factor of 10 or more.
void choose_log_axes(plot_data& p) {
  std::vector<double> xs, ys;
  for (const auto& g : p.series)
    for (const auto& point : g.points) {
      xs.push_back(point.x);
      ys.push_back(point.s.median);
    }
  p.log_x = geometric(xs);
  auto [lo, hi] = std::minmax_element(ys.begin(), ys.end());
  p.log_y = p.log_x && *lo > 0 && *hi / *lo >= 10;
}

plot_series bar_series(const declaration& d, const std::vector<configuration_result>& cs) {
  plot_series bars{metric_title(d.headline()), {}};
  for (std::size_t i = 0; i < cs.size(); ++i)
    bars.points.push_back({static_cast<double>(i), summarize(per_run_values(cs[i], d.headline()))});
  return bars;
}

} // namespace

result<plot_data> plot_data_of(const scenario_results& r) {
  std::vector<configuration_result> measured;
  if (!r.scenario.metrics.empty())
    for (const auto& c : r.configurations)
      if (!per_run_values(c, r.scenario.headline()).empty())
        measured.push_back(c);
  if (measured.empty())
    return bad_input("nothing to plot: no configuration has a measured run");
  plot_data p;
  p.scenario = &r.scenario;
  p.x = x_param(r.scenario, measured);
  if (p.x == nullptr) {
    p.series.push_back(bar_series(r.scenario, measured));
    p.bar_labels = label_columns(r.scenario, measured).labels;
    return p;
  }
  p.series = group_series(r.scenario, measured, p.x->name);
  p.shape = p.x->name == "threads" ? plot_shape::speedup : plot_shape::scan;
  if (p.shape == plot_shape::scan)
    choose_log_axes(p);
  return p;
}

} // namespace actorbench::bench
