#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "bench/output/gnuplot_run.hpp"
#include "output/results_plot.hpp"
#include "output/table_samples.hpp"
#include "svg_text.hpp"

using namespace actorbench::bench;
using namespace actorbench::bench::testing;

namespace {

std::string script_of(const scenario_results& r, const view* v = nullptr) {
  auto s = results_plot_script(r, image_format::svg, v);
  REQUIRE(s);
  return *s;
}

/// The SVG gnuplot draws from the generic plot script of `r`.
std::string svg_of(const scenario_results& r) {
  actorbench::test::temp_dir dir;
  auto path = dir.file("plot.svg");
  auto drawn = render_plot(script_of(r), path);
  INFO((drawn ? std::string{} : drawn.err().message));
  REQUIRE(drawn);
  return actorbench::test::read_all(path);
}

/// Bars of six configurations told apart by a long text each.
scenario_results long_labelled_bars() {
  std::vector<configuration_result> cs;
  for (int i = 0; i < 6; ++i) {
    auto c = sample_config(1000, false);
    c.values["workload"] =
      "backend number " + std::to_string(i) + " with a long cipher name, 64 bytes, per-message";
    cs.push_back(sample_runs(c, times_near(0.001 * (i + 1), 3)));
  }
  auto r = sample_results(std::move(cs));
  r.scenario.text("workload");
  return r;
}

/// The left end of each text gnuplot rotated by 30° (anchored at its
/// right end), at `px_per_char` for the average character of 'sans,12'.
std::vector<double> rotated_label_left_ends(const std::string& svg, double px_per_char) {
  std::vector<double> ends;
  const std::string marker = "<g transform=\"translate(";
  for (auto at = svg.find(marker); at != std::string::npos; at = svg.find(marker, at + 1)) {
    auto close = svg.find(')', at);
    if (svg.compare(close + 1, 13, " rotate(-30)\"") != 0
        && svg.compare(close + 1, 12, " rotate(330)") != 0)
      continue;
    double x = std::stod(svg.substr(at + marker.size()));
    auto text = actorbench::test::svg_texts(svg.substr(at, svg.find("</text>", at) + 7 - at));
    auto chars = static_cast<double>(text.size() - 1); // less the newline
    ends.push_back(x - chars * px_per_char * std::sqrt(3.0) / 2);
  }
  return ends;
}

} // namespace

TEST_CASE("a geometric procs scan plots lines on log axes, one per crypto setting") {
  std::vector<configuration_result> cs;
  for (std::int64_t procs : {1000, 10000, 100000})
    for (bool crypto : {false, true})
      cs.push_back(sample_runs(sample_config(procs, crypto),
                               times_near(1e-7 * static_cast<double>(procs), 3)));
  auto s = script_of(sample_results(std::move(cs)));
  CHECK(s.find("set logscale xy") != std::string::npos);
  CHECK(s.find("with yerrorlines") != std::string::npos);
  CHECK(s.find("title 'crypto off'") != std::string::npos);
  CHECK(s.find("title 'crypto on, backend openssl'") != std::string::npos);
  CHECK(s.find("$g1 << EOD") != std::string::npos);
  CHECK(s.find("set xlabel 'procs, log scale'") != std::string::npos);
}

TEST_CASE("a linear scan keeps linear axes") {
  std::vector<configuration_result> cs;
  for (std::int64_t procs : {1000, 2000, 3000, 4000})
    cs.push_back(sample_runs(sample_config(procs, false), times_near(0.001, 3)));
  auto s = script_of(sample_results(std::move(cs)));
  CHECK(s.find("logscale") == std::string::npos);
  CHECK(s.find("set yrange [0:*]") != std::string::npos);
}

TEST_CASE("a threads scan plots the speed-up") {
  std::vector<configuration_result> cs;
  for (std::int64_t threads : {1, 2, 4})
    cs.push_back(sample_runs(sample_config(1000, false, threads),
                             times_near(0.004 / static_cast<double>(threads), 3)));
  auto s = script_of(sample_results(std::move(cs)));
  CHECK(s.find("speed-up") != std::string::npos);
  CHECK(s.find("title 'ideal'") != std::string::npos);
  // 4 threads run 4x faster than 1: speed-up 4.
  CHECK(s.find("\n4 4 ") != std::string::npos);
}

TEST_CASE("configurations without a numeric scan are bars") {
  auto r = sample_results({sample_runs(sample_config(1000, false), times_near(0.001, 3)),
                           sample_runs(sample_config(1000, true), times_near(0.002, 3))});
  auto s = script_of(r);
  CHECK(s.find("with boxes") != std::string::npos);
  CHECK(s.find("'crypto on, backend openssl' 1") != std::string::npos);
  auto none = sample_results({});
  CHECK_FALSE(results_plot_script(none, image_format::svg));
}

TEST_CASE("a view's plot script overrides the generic one") {
  struct plotting_view : view {
    std::string_view name() const override { return "seed"; }
    void write(const scenario_results&, const table_style&, std::ostream&) const override {}
    std::optional<std::string> plot_script(const scenario_results&, image_format) const override {
      return std::string{"plot x\n"};
    }
  } v;
  auto s = script_of(sample_results({}), &v);
  CHECK(s.find("set encoding utf8") == 0);
  CHECK(s.find("plot x\n") != std::string::npos);
  CHECK(s.find("with boxes") == std::string::npos);
}

TEST_CASE("plot axes are titled in words with units, from the metric's declaration") {
  auto r = sample_results({sample_runs(sample_config(1000, false), times_near(0.001, 3)),
                           sample_runs(sample_config(1000, true), times_near(0.002, 3))});
  r.scenario.metrics.front().title = "time per operation"; // the headline, time_s
  auto s = script_of(r);
  CHECK(s.find("set ylabel 'time per operation (µs)'") != std::string::npos);
  CHECK(s.find("time_s") == std::string::npos);
  auto texts = actorbench::test::svg_texts(svg_of(r));
  CHECK(texts.find("time per operation (µs)") != std::string::npos);
  CHECK(texts.find("fanout: median time per operation per configuration") != std::string::npos);
  CHECK(texts.find("time_s") == std::string::npos);
  // Without a title, the name in words: a rate's "_s" is "per second".
  metric_decl rate;
  rate.name = "replies_s";
  rate.unit = "1/s";
  CHECK(metric_title(rate) == "replies per second");
  rate.unit = "s";
  CHECK(metric_title(rate) == "replies");
}

TEST_CASE("a log scan's axis keeps to the data, a tic at each value") {
  auto r = sample_results({sample_runs(sample_config(64, false), times_near(0.001, 3)),
                           sample_runs(sample_config(1024, false), times_near(0.0012, 3))});
  auto s = script_of(r);
  REQUIRE(s.find("set logscale x") != std::string::npos);
  // Each text on its own line, without the padding gnuplot puts before numbers.
  auto texts = "\n" + actorbench::test::svg_texts(svg_of(r));
  for (auto at = texts.find("\n "); at != std::string::npos; at = texts.find("\n ", at))
    texts.erase(at + 1, 1);
  CHECK(texts.find("\n64\n") != std::string::npos);
  CHECK(texts.find("\n1024\n") != std::string::npos);
  // Not widened to whole decades (10 .. 10000: a third of the width empty);
  // the medians, 1 to 1.2 ms, keep a linear y axis whose tics are not these.
  CHECK(texts.find("\n10\n") == std::string::npos);
  CHECK(texts.find("\n10000\n") == std::string::npos);
}

TEST_CASE("long bar labels stay inside the canvas, without a wide empty margin") {
  auto svg = svg_of(long_labelled_bars());
  auto ends = rotated_label_left_ends(svg, 6.5);
  REQUIRE(ends.size() == 6);
  for (auto left : ends)
    CHECK(left >= 0);
  // The first label, the one reaching furthest, starts near the edge.
  CHECK(*std::min_element(ends.begin(), ends.end()) < 60);
}

TEST_CASE("gnuplot_quote: any text is one string that gnuplot shows as written") {
  const std::string fffd = "\xEF\xBF\xBD";
  CHECK(gnuplot_quote("procs") == "'procs'");
  CHECK(gnuplot_quote("") == "''");
  // gnuplot 5.4 reads '' as a quote only between two other characters.
  CHECK(gnuplot_quote("it's") == "'it'.\"'\".'s'");
  CHECK(gnuplot_quote("''") == "\"'\".\"'\"");
  CHECK(gnuplot_quote("a\nb\tc\r") == "'a b c '");
  CHECK(gnuplot_quote(std::string{"actors\\\0", 8}) == "'actors\\" + fffd + "'");
  CHECK(gnuplot_quote("\x1b[31m\xff") == "'" + fffd + "[31m" + fffd + "'");
  // Nothing else is special inside '...': shown as it is.
  CHECK(gnuplot_quote("`id` @x !ls # \\") == "'`id` @x !ls # \\'");
  CHECK(gnuplot_number(INFINITY) == "NaN");
  CHECK(gnuplot_number(-INFINITY) == "NaN");
  CHECK(gnuplot_number(NAN) == "NaN");
  CHECK(gnuplot_number(0.25) == "0.25");

  // Drawn by gnuplot: the title shows exactly, quotes and all.
  auto r = sample_results({sample_runs(sample_config(1000, false), times_near(0.001, 3)),
                           sample_runs(sample_config(1000, true), times_near(0.002, 3))});
  r.scenario.name = std::string{"'';system \"id\" # `id` it's\\\0", 28};
  auto texts = actorbench::test::svg_texts(svg_of(r));
  CHECK(texts.find("'';system \"id\" # `id` it's\\" + fffd + ": median") != std::string::npos);
}

TEST_CASE("a view's script gets the preamble unless a line of its own sets the terminal") {
  struct quoting_view : view {
    std::string_view name() const override { return "seed"; }
    void write(const scenario_results&, const table_style&, std::ostream&) const override {}
    std::optional<std::string> plot_script(const scenario_results&, image_format) const override {
      return "set title " + gnuplot_quote("set terminal dumb") + "\nplot x\n";
    }
  } v;
  CHECK(script_of(sample_results({}), &v).find("set encoding utf8") == 0);
}
