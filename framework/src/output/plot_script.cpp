#include "output/plot_script.hpp"

#include <algorithm>
#include <cmath>

#include "bench/output/text_wrap.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

/// A log x axis has a tic at each value up to this many values.
constexpr std::size_t max_value_tics = 12;

/// The svg terminal's 'sans,12' in pixels: a character on average (a little
/// over, so that an estimate errs inside the canvas), gnuplot's own left
/// margin (tic labels, the y title) and right margin, and the gap kept
/// between a label and the canvas's edge.
constexpr double char_px = 7.0;
constexpr double auto_left_px = 100;
constexpr double right_px = 26;
constexpr double edge_gap_px = 8;

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
  return p.unit.empty() || p.unit == p.name ? p.name : p.name + " (" + p.unit + ")";
}

/// On a log axis gnuplot widens the range to whole decades (10..10000 for
/// 64..1024, a third of the width empty) and tics only decades: the range
/// is the data's, padded by the offsets, with a tic at each value when few.
std::string log_x_axis(const plot_data& p) {
  std::vector<double> xs;
  for (const auto& g : p.series)
    for (const auto& point : g.points)
      xs.push_back(point.x);
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  std::string s = "set autoscale xfix\n";
  if (xs.size() > max_value_tics)
    return s;
  std::string tics;
  for (auto x : xs)
    tics += (tics.empty() ? "" : ", ") + gnuplot_number(x);
  return s + "set xtics (" + tics + ")\n";
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
  return "set ylabel "
         + gnuplot_quote(metric_title(m) + (unit.name.empty() ? "" : " (" + unit.name + ")"))
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
       + gnuplot_quote(p.scenario->name + ": median " + metric_title(m) + " vs " + p.x->name
                       + " (bars: fastest to slowest run)")
       + "\n";
  s += "set xlabel " + gnuplot_quote(axis_label(*p.x) + (p.log_x ? ", log scale" : "")) + "\n";
  s += y_label(m, unit);
  s += p.log_x ? (p.log_y ? "set logscale xy\n" : "set logscale x\n") + log_x_axis(p) : "";
  // A log y axis, like x, keeps to the data, padded above and below.
  s += p.log_y ? "set autoscale yfix\nset offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05\n"
               : "set yrange [0:*]\nset offsets graph 0.03, graph 0.03, 0, 0\n";
  s += "set key top left\n";
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
                                    + metric_title(p.scenario->headline()) + " over " + t0
                                    + " threads")
       + "\nset xlabel 'threads'\nset ylabel 'speed-up (x)'\nset yrange [0:*]\n"
         "set offsets graph 0.05, graph 0.05, 0, 0\nset key top left\n";
  return s + plot_lines(p.series, "x / " + t0 + " with lines dt 2 lc rgb '#606060' title 'ideal'");
}

/// Bar labels rotated by 30° end at their bar and reach left of it, the
/// first ones past the canvas when long; gnuplot leaves them clipped, and
/// keeps as much room on the right as if they reached right. The margins
/// that keep each inside with no band empty on the right.
std::string rotated_labels_margin(const std::vector<std::string>& labels, int width) {
  const double slots = static_cast<double>(labels.size()) + 0.2; // the x range's width
  const double cos30 = std::sqrt(3.0) / 2;
  double left = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    double reach = static_cast<double>(code_points(labels[i])) * char_px * cos30 + edge_gap_px;
    // The bar's centre, left + at * (width - left - right_px), at least `reach` in.
    double at = (static_cast<double>(i) + 0.6) / slots;
    left = std::max(left, (reach - at * (width - right_px)) / (1 - at));
  }
  left = std::max(left, auto_left_px);
  return "set lmargin at screen " + gnuplot_number(left / width) + "\nset rmargin at screen "
         + gnuplot_number(1 - right_px / width) + "\n";
}

/// The bar labels as gnuplot's xtics: level when each fits its bar's
/// share of the width, else rotated (with the margin that keeps them in).
std::string bar_tics(const std::vector<std::string>& labels, int width) {
  std::string tics;
  std::size_t longest = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    tics += (i ? ", " : "") + gnuplot_quote(labels[i]) + " " + std::to_string(i);
    longest = std::max(longest, code_points(labels[i]));
  }
  auto slot_px = (width - auto_left_px - right_px) / (static_cast<double>(labels.size()) + 0.2);
  bool level = labels.size() <= 4 && static_cast<double>(longest) * char_px < slot_px;
  return "set xtics (" + tics + ")"
         + (level ? "\n" : " rotate by 30 right\n" + rotated_labels_margin(labels, width));
}

std::string bars_script(const plot_data& p, image_format format) {
  const auto& m = p.scenario->headline();
  const auto count = p.bar_labels.size();
  auto unit = y_unit(p);
  int width = static_cast<int>(std::clamp<std::size_t>(300 + 120 * count, 800, 1800));
  std::string s =
    gnuplot_preamble(format, width, 620) + data_block("$bars", scaled_rows(p.series.front(), unit));
  s += "set title " + gnuplot_quote(p.scenario->name + ": median " + metric_title(m)
                                    + " per configuration (bars: fastest to slowest run)")
       + "\n" + y_label(m, unit) + bar_tics(p.bar_labels, width) + "set xrange [-0.6:"
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
