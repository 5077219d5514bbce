// Fuzz target: the gnuplot scripts drawn from saved results. Text in a
// result file is data, never code: whatever its strings hold, gnuplot must
// run the commands the writer meant and read the strings as text.
//
// The input is strings separated by 0x1E (record separator); they go, in
// turn and round again, into every string field the generic plot quotes
// (scenario name, x parameter name and unit, headline metric name, title
// and unit, series titles, bar labels) for each shape and both terminals,
// and into gnuplot_quote alone in each place a string stands in a script.
// The oracle (gnuplot_skeleton.hpp) reads each script by gnuplot 5.4's
// rules: it must hold no control character, backtick, @macro or `!` command
// outside its strings, and its skeleton (strings as S, numbers as N) must be
// that of the same plot with benign strings ("x" repeated as many code
// points, so that the layout decides alike).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/output/gnuplot.hpp"
#include "bench/output/text_wrap.hpp"
#include "output/plot_script.hpp"
#include "tests/fuzz/fuzz_input.hpp"
#include "tests/fuzz/gnuplot_skeleton.hpp"

using namespace actorbench::bench;
using actorbench::fuzz::skeleton_of;

namespace {

[[noreturn]] void fail(const std::string& what, const std::string& script) {
  std::fprintf(stderr, "fuzz plot_script: %s\n--- script ---\n%s--- end ---\n", what.c_str(),
               script.c_str());
  std::abort();
}

/// The strings a plot quotes, taken in turn from the input's.
struct plot_strings {
  std::string scenario, x_name, x_unit, metric_name, metric_title, metric_unit;
  std::vector<std::string> series; // three series titles
  std::vector<std::string> labels; // six bar labels
};

plot_strings strings_of(const std::vector<std::string>& parts) {
  std::size_t next = 0;
  auto take = [&] { return parts.empty() ? std::string{} : parts[next++ % parts.size()]; };
  plot_strings s;
  s.scenario = take();
  s.x_name = take();
  s.x_unit = take();
  s.metric_name = take();
  s.metric_title = take();
  s.metric_unit = take();
  for (int i = 0; i < 3; ++i)
    s.series.push_back(take());
  for (int i = 0; i < 6; ++i)
    s.labels.push_back(take());
  return s;
}

/// "x" as many times as `text` has code points: what the plot's layout
/// counts, so that the benign plot is laid out alike.
std::string benign(const std::string& text) {
  return std::string(code_points(text), 'x');
}

plot_strings benign(const plot_strings& s) {
  plot_strings b{benign(s.scenario),
                 benign(s.x_name),
                 benign(s.x_unit),
                 benign(s.metric_name),
                 benign(s.metric_title),
                 benign(s.metric_unit),
                 {},
                 {}};
  for (const auto& t : s.series)
    b.series.push_back(benign(t));
  for (const auto& t : s.labels)
    b.labels.push_back(benign(t));
  return b;
}

/// The plots of one set of strings: a declaration and the data pointing
/// into it.
struct plot_case {
  declaration scenario;
  param_decl x;
  std::vector<plot_data> plots;
};

plot_point point(double x, double median) {
  plot_point p;
  p.x = x;
  p.s.count = 3;
  p.s.median = p.s.mean = median;
  p.s.min = median * 0.9;
  p.s.max = median * 1.2;
  return p;
}

void make_plots(const plot_strings& s, std::size_t bars, plot_case& c) {
  c.scenario.name = s.scenario;
  c.scenario.metric(s.metric_name, s.metric_unit).title(s.metric_title).headline();
  c.x.name = s.x_name;
  c.x.unit = s.x_unit;
  plot_data lines;
  lines.scenario = &c.scenario;
  lines.x = &c.x;
  for (std::size_t g = 0; g < s.series.size(); ++g) {
    plot_series series{s.series[g], {}};
    for (double x : {1.0, 2.0, 4.0, 8.0})
      series.points.push_back(point(x, 0.001 * x * static_cast<double>(g + 1)));
    lines.series.push_back(series);
  }
  for (bool log : {false, true}) {
    lines.shape = plot_shape::scan;
    lines.log_x = lines.log_y = log;
    c.plots.push_back(lines);
  }
  lines.shape = plot_shape::speedup;
  c.plots.push_back(lines);
  plot_data columns;
  columns.scenario = &c.scenario;
  columns.shape = plot_shape::bars;
  plot_series all{"", {}};
  for (std::size_t i = 0; i < bars; ++i) {
    all.points.push_back(point(static_cast<double>(i), 0.002 * static_cast<double>(i + 1)));
    columns.bar_labels.push_back(s.labels[i]);
  }
  columns.series.push_back(all);
  c.plots.push_back(columns);
}

void check_same_skeleton(const std::string& script, const std::string& reference) {
  auto got = skeleton_of(script);
  if (!got.fault.empty())
    fail(got.fault, script);
  auto want = skeleton_of(reference);
  if (!want.fault.empty())
    fail("the benign script: " + want.fault, reference);
  if (got.code != want.code)
    fail(
      "the skeleton differs from the benign plot's:\n" + got.code + "--- benign ---\n" + want.code,
      script);
}

/// gnuplot_quote(text) alone, in each place the writers put a string.
void check_quote(const std::string& text) {
  auto q = gnuplot_quote(text);
  auto b = gnuplot_quote(benign(text));
  for (const char* form :
       {"set title %s font ',15'\n", "set xtics (%s 0, 'x' 1)\n",
        "plot x title %s, \\\n     x title 'x'\n", "set multiplot layout 1,2 title %s\n"}) {
    std::string f{form};
    auto at = f.find("%s");
    check_same_skeleton(f.substr(0, at) + q + f.substr(at + 2),
                        f.substr(0, at) + b + f.substr(at + 2));
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto parts = actorbench::fuzz::split(data, size, '\x1e');
  for (const auto& p : parts)
    check_quote(p);
  auto strings = strings_of(parts);
  auto reference = benign(strings);
  // One bar (labels level) and six (rotated, with margins from their lengths).
  for (std::size_t bars : {std::size_t{1}, std::size_t{6}}) {
    plot_case fuzzed, plain;
    make_plots(strings, bars, fuzzed);
    make_plots(reference, bars, plain);
    for (std::size_t i = 0; i < fuzzed.plots.size(); ++i)
      for (auto format : {image_format::svg, image_format::png})
        check_same_skeleton(plot_script(fuzzed.plots[i], format),
                            plot_script(plain.plots[i], format));
  }
  return 0;
}
