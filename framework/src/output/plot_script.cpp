#include "output/plot_script.hpp"

#include <algorithm>
#include <cmath>

#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

std::string data_block(const std::string& name, const std::vector<std::vector<double>>& rows) {
  std::string s = name + " << EOD\n";
  for (const auto& row : rows) {
    for (std::size_t i = 0; i < row.size(); ++i)
      s += (i ? " " : "") + gnuplot_number(row[i]);
    s += '\n';
  }
  return s + "EOD\n";
}

std::string plot_lines(const std::vector<plot_series>& groups, const std::string& first) {
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

/// The unit the medians of `p` are shown in.
display_unit y_unit(const plot_data& p) {
  std::vector<double> ys;
  for (const auto& g : p.series)
    for (const auto& point : g.points)
      ys.push_back(point.s.median);
  return choose_unit(ys, p.scenario->headline().unit);
}

std::string y_label(const metric_decl& m, const display_unit& unit) {
  return "set ylabel " + gnuplot_quote(m.name + (unit.name.empty() ? "" : " (" + unit.name + ")"))
         + "\n";
}

/// Median, fastest and slowest of each point of `g`, scaled to `unit`.
std::vector<std::vector<double>> scaled_rows(const plot_series& g, const display_unit& unit) {
  std::vector<std::vector<double>> rows;
  for (const auto& point : g.points)
    rows.push_back({point.x, point.s.median / unit.scale, point.s.min / unit.scale,
                    point.s.max / unit.scale});
  return rows;
}

std::string scan_script(const plot_data& p, image_format format) {
  const auto& m = p.scenario->headline();
  auto unit = y_unit(p);
  std::string s = gnuplot_preamble(format, 1100, 620);
  for (std::size_t g = 0; g < p.series.size(); ++g)
    s += data_block("$g" + std::to_string(g), scaled_rows(p.series[g], unit));
  s += "set title "
       + gnuplot_quote(p.scenario->name + ": median " + m.name + " vs " + p.x->name
                       + " (bars: fastest to slowest run)")
       + "\n";
  s += "set xlabel " + gnuplot_quote(axis_label(*p.x) + (p.log_x ? ", log scale" : "")) + "\n";
  s += y_label(m, unit);
  s += p.log_x ? (p.log_y ? "set logscale xy\n" : "set logscale x\n") : "";
  s += p.log_y ? "" : "set yrange [0:*]\n";
  s += "set offsets graph 0.03, graph 0.03, 0, 0\nset key top left\n";
  return s + plot_lines(p.series, "");
}

/// Each point's speed-up over the series' first (fewest threads): the
/// ratio of medians, and of the extremes the other way round.
std::vector<std::vector<double>> speedup_rows(const plot_series& g, bool lower_is_better) {
  const auto base = g.points.front().s.median;
  std::vector<std::vector<double>> rows;
  for (const auto& p : g.points) {
    if (p.s.median <= 0 || p.s.min <= 0 || base <= 0)
      continue;
    rows.push_back(lower_is_better
                     ? std::vector<double>{p.x, base / p.s.median, base / p.s.max, base / p.s.min}
                     : std::vector<double>{p.x, p.s.median / base, p.s.min / base, p.s.max / base});
  }
  return rows;
}

std::string speedup_script(const plot_data& p, image_format format) {
  bool lower = p.scenario->headline().direction == better::lower;
  double fewest = INFINITY;
  std::string s = gnuplot_preamble(format, 1100, 620);
  for (std::size_t g = 0; g < p.series.size(); ++g) {
    fewest = std::min(fewest, p.series[g].points.front().x);
    s += data_block("$g" + std::to_string(g), speedup_rows(p.series[g], lower));
  }
  auto t0 = gnuplot_number(std::max(fewest, 1.0));
  s += "set title " + gnuplot_quote(p.scenario->name + ": speed-up of the median "
                                    + p.scenario->headline().name + " over " + t0 + " threads")
       + "\nset xlabel 'threads'\nset ylabel 'speed-up (x)'\nset yrange [0:*]\n"
         "set offsets graph 0.05, graph 0.05, 0, 0\nset key top left\n";
  return s + plot_lines(p.series, "x / " + t0 + " with lines dt 2 lc rgb '#606060' title 'ideal'");
}

std::string bars_script(const plot_data& p, image_format format) {
  const auto& m = p.scenario->headline();
  const auto count = p.bar_labels.size();
  auto unit = y_unit(p);
  std::string tics;
  for (std::size_t i = 0; i < count; ++i)
    tics += (i ? ", " : "") + gnuplot_quote(p.bar_labels[i]) + " " + std::to_string(i);
  int width = static_cast<int>(std::clamp<std::size_t>(300 + 120 * count, 800, 1800));
  std::string s =
    gnuplot_preamble(format, width, 620) + data_block("$bars", scaled_rows(p.series.front(), unit));
  s += "set title " + gnuplot_quote(p.scenario->name + ": median " + m.name
                                    + " per configuration (bars: fastest to slowest run)")
       + "\n" + y_label(m, unit) + "set xtics (" + tics + ")"
       + (count > 4 ? " rotate by 30 right" : "") + "\nset xrange [-0.6:"
       + gnuplot_number(static_cast<double>(count) - 0.4) + "]"
       + "\nset yrange [0:*]\nset boxwidth 0.6\nset style fill solid 0.5\nset key above\n"
         "plot $bars using 1:2 with boxes lc rgb '" + gnuplot_colour(0) + "' title 'median', \\\n"
         "     $bars using 1:2:3:4 with yerrorbars pt -1 lc rgb '#000000' title 'fastest to slowest'\n";
  return s;
}

} // namespace

std::string plot_script(const plot_data& p, image_format format) {
  switch (p.shape) {
    case plot_shape::scan:
      return scan_script(p, format);
    case plot_shape::speedup:
      return speedup_script(p, format);
    case plot_shape::bars:
      break;
  }
  return bars_script(p, format);
}

} // namespace actorbench::bench
