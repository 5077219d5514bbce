#include "output/results_plot.hpp"

#include <algorithm>
#include <cmath>

#include "bench/harness/run_values.hpp"
#include "bench/harness/statistics.hpp"
#include "bench/output/column_labels.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

/// One plotted configuration: its x value (when scanned) and headline summary.
struct point {
  double x = 0;
  summary s;
};

/// Configurations sharing every value but the x parameter's: one line.
struct series {
  std::string title;
  std::vector<point> points;
};

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
std::vector<series> group_series(const scenario_results& r,
                                 const std::vector<configuration_result>& cs,
                                 const std::string& x) {
  auto labels = label_columns(r.scenario, cs, x);
  std::vector<series> out;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    std::string key;
    for (const auto& row : labels.header)
      key += (key.empty() || row[i].empty() ? "" : ", ") + row[i];
    auto at = std::find_if(out.begin(), out.end(), [&](const series& s) { return s.title == key; });
    if (at == out.end())
      at = out.insert(out.end(), series{key, {}});
    at->points.push_back(
      {number_of(cs[i].config, x), summarize(per_run_values(cs[i], r.scenario.headline()))});
  }
  for (auto& s : out) {
    std::sort(s.points.begin(), s.points.end(),
              [](const point& a, const point& b) { return a.x < b.x; });
    if (s.title.empty())
      s.title = r.scenario.headline().name;
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

std::string data_block(const std::string& name, const std::vector<std::vector<double>>& rows) {
  std::string s = name + " << EOD\n";
  for (const auto& row : rows) {
    for (std::size_t i = 0; i < row.size(); ++i)
      s += (i ? " " : "") + gnuplot_number(row[i]);
    s += '\n';
  }
  return s + "EOD\n";
}

std::string plot_lines(const std::vector<series>& groups, const std::string& first) {
  std::string p = "plot " + first;
  for (std::size_t g = 0; g < groups.size(); ++g)
    p += std::string(g || !first.empty() ? ", \\\n     " : "") + "$g" + std::to_string(g)
         + " using 1:2:3:4 with yerrorlines" + gnuplot_line_style(g) + " title "
         + gnuplot_quote(groups[g].title);
  return p + "\n";
}

std::string axis_label(const param_decl& p) {
  return p.unit.empty() ? p.name : p.name + " (" + p.unit + ")";
}

std::string scan_script(const scenario_results& r, const std::vector<series>& groups,
                        const param_decl& x, image_format format) {
  const auto& m = r.scenario.headline();
  std::vector<double> xs, ys;
  for (const auto& g : groups)
    for (const auto& p : g.points) {
      xs.push_back(p.x);
      ys.push_back(p.s.median);
    }
  auto unit = choose_unit(ys, m.unit);
  std::string s = gnuplot_preamble(format, 1100, 620);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::vector<std::vector<double>> rows;
    for (const auto& p : groups[g].points)
      rows.push_back({p.x, p.s.median / unit.scale, p.s.min / unit.scale, p.s.max / unit.scale});
    s += data_block("$g" + std::to_string(g), rows);
  }
  bool log_x = geometric(xs);
  auto [lo, hi] = std::minmax_element(ys.begin(), ys.end());
  bool log_y = log_x && *lo > 0 && *hi / *lo >= 10;
  s += "set title "
       + gnuplot_quote(r.scenario.name + ": median " + m.name + " vs " + x.name
                       + " (bars: fastest to slowest run)")
       + "\n";
  s += "set xlabel " + gnuplot_quote(axis_label(x) + (log_x ? ", log scale" : "")) + "\n";
  s += "set ylabel " + gnuplot_quote(m.name + (unit.name.empty() ? "" : " (" + unit.name + ")"))
       + "\n";
  s += log_x ? (log_y ? "set logscale xy\n" : "set logscale x\n") : "";
  s += log_y ? "" : "set yrange [0:*]\n";
  s += "set offsets graph 0.03, graph 0.03, 0, 0\nset key top left\n";
  return s + plot_lines(groups, "");
}

std::string speedup_script(const scenario_results& r, std::vector<series> groups,
                           image_format format) {
  bool lower = r.scenario.headline().direction == better::lower;
  double fewest = INFINITY;
  std::string s = gnuplot_preamble(format, 1100, 620);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const auto base = groups[g].points.front().s.median;
    fewest = std::min(fewest, groups[g].points.front().x);
    std::vector<std::vector<double>> rows;
    for (const auto& p : groups[g].points) {
      if (p.s.median <= 0 || p.s.min <= 0 || base <= 0)
        continue;
      rows.push_back(
        lower ? std::vector<double>{p.x, base / p.s.median, base / p.s.max, base / p.s.min}
              : std::vector<double>{p.x, p.s.median / base, p.s.min / base, p.s.max / base});
    }
    s += data_block("$g" + std::to_string(g), rows);
  }
  auto t0 = gnuplot_number(std::max(fewest, 1.0));
  s += "set title " + gnuplot_quote(r.scenario.name + ": speed-up of the median "
                                    + r.scenario.headline().name + " over " + t0 + " threads")
       + "\nset xlabel 'threads'\nset ylabel 'speed-up (x)'\nset yrange [0:*]\n"
         "set offsets graph 0.05, graph 0.05, 0, 0\nset key top left\n";
  return s + plot_lines(groups, "x / " + t0 + " with lines dt 2 lc rgb '#606060' title 'ideal'");
}

std::string bars_script(const scenario_results& r, const std::vector<configuration_result>& cs,
                        image_format format) {
  const auto& m = r.scenario.headline();
  auto labels = label_columns(r.scenario, cs).labels;
  std::vector<summary> sums;
  std::vector<double> medians;
  for (const auto& c : cs) {
    sums.push_back(summarize(per_run_values(c, m)));
    medians.push_back(sums.back().median);
  }
  auto unit = choose_unit(medians, m.unit);
  std::vector<std::vector<double>> rows;
  std::string tics;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    rows.push_back({static_cast<double>(i), sums[i].median / unit.scale, sums[i].min / unit.scale,
                    sums[i].max / unit.scale});
    tics += (i ? ", " : "") + gnuplot_quote(labels[i]) + " " + std::to_string(i);
  }
  int width = static_cast<int>(std::clamp<std::size_t>(300 + 120 * cs.size(), 800, 1800));
  std::string s = gnuplot_preamble(format, width, 620) + data_block("$bars", rows);
  s += "set title " + gnuplot_quote(r.scenario.name + ": median " + m.name
                                    + " per configuration (bars: fastest to slowest run)")
       + "\nset ylabel " + gnuplot_quote(m.name + (unit.name.empty() ? "" : " (" + unit.name + ")"))
       + "\nset xtics (" + tics + ")" + (cs.size() > 4 ? " rotate by 30 right" : "")
       + "\nset xrange [-0.6:" + gnuplot_number(static_cast<double>(cs.size()) - 0.4) + "]"
       + "\nset yrange [0:*]\nset boxwidth 0.6\nset style fill solid 0.5\nset key above\n"
         "plot $bars using 1:2 with boxes lc rgb '" + gnuplot_colour(0) + "' title 'median', \\\n"
         "     $bars using 1:2:3:4 with yerrorbars pt -1 lc rgb '#000000' title 'fastest to slowest'\n";
  return s;
}

} // namespace

result<std::string> generic_plot_script(const scenario_results& r, image_format format) {
  std::vector<configuration_result> measured;
  if (!r.scenario.metrics.empty())
    for (const auto& c : r.configurations)
      if (!per_run_values(c, r.scenario.headline()).empty())
        measured.push_back(c);
  if (measured.empty())
    return bad_input("nothing to plot: no configuration has a measured run");
  const auto* x = x_param(r.scenario, measured);
  if (x == nullptr)
    return bars_script(r, measured, format);
  auto groups = group_series(r, measured, x->name);
  if (x->name == "threads")
    return speedup_script(r, std::move(groups), format);
  return scan_script(r, groups, *x, format);
}

result<std::string> results_plot_script(const scenario_results& r, image_format format,
                                        const view* plot_view) {
  if (plot_view != nullptr)
    if (auto own = plot_view->plot_script(r)) {
      if (own->find("set terminal") != std::string::npos)
        return *own;
      return gnuplot_preamble(format, 1100, 620) + *own;
    }
  return generic_plot_script(r, format);
}

result<bool> plot_results(const scenario_results& r, const std::string& path, const view* plot_view,
                          const std::string& gnuplot) {
  auto format = plot_format(path);
  if (!format)
    return format.err();
  auto script = results_plot_script(r, *format, plot_view);
  if (!script)
    return script.err();
  return render_plot(*script, path, gnuplot);
}

} // namespace actorbench::bench
