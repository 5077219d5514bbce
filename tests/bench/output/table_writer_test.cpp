#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "bench/output/results_writer.hpp"
#include "bench/output/text_wrap.hpp"
#include "output/table_samples.hpp"

using namespace actorbench::bench;
using namespace actorbench::bench::testing;

namespace {

std::string table_of(const scenario_results& r, table_style style = {}) {
  std::ostringstream out;
  make_table_writer(style)->write(r, out);
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

/// The first line that starts with `start` (after leading spaces), or "".
std::string line_starting(const std::string& text, const std::string& start) {
  for (const auto& line : lines_of(text))
    if (line.find_first_not_of(' ') != std::string::npos
        && line.compare(line.find_first_not_of(' '), start.size(), start) == 0)
      return line;
  return {};
}

/// Twelve configurations: four procs counts x crypto off/on x ... plus threads.
scenario_results twelve() {
  std::vector<configuration_result> configs;
  for (std::int64_t procs : {1000, 10000, 100000})
    for (bool crypto : {false, true})
      for (std::int64_t threads : {1, 2})
        configs.push_back(sample_runs(sample_config(procs, crypto, threads),
                                      times_near(1e-7 * static_cast<double>(procs), 5)));
  return sample_results(std::move(configs));
}

} // namespace

TEST_CASE("the table chooses a unit per block: a 1,000-actor fan-out shows µs") {
  auto r = sample_results({sample_runs(sample_config(1000, false), times_near(0.0005, 5)),
                           sample_runs(sample_config(1000, true), times_near(0.0006, 5))});
  auto text = table_of(r);
  CHECK(line_starting(text, "median (µs)").find("500") != std::string::npos);
  // The spread in the block's unit too, though it is far smaller (~2 µs).
  CHECK(line_starting(text, "std dev (µs)") != "");
  CHECK(line_starting(text, "99.9% CI ± (µs)") != "");
  CHECK(line_starting(text, "std dev (ns)") == "");
  CHECK(text.find("0.0005") == std::string::npos);
  CHECK(line_starting(text, "median (M/s)") != "");
  // style.time_unit forces the unit of times only.
  table_style ms;
  ms.time_unit = "ms";
  auto forced = table_of(r, ms);
  CHECK(line_starting(forced, "median (ms)").find("0.500") != std::string::npos);
  CHECK(line_starting(forced, "median (M/s)") != "");
}

TEST_CASE("the header names each varying value per column and each constant once") {
  auto r = sample_results({sample_runs(sample_config(1000, false), times_near(0.0005, 3)),
                           sample_runs(sample_config(1000, true), times_near(0.0006, 3))});
  auto text = table_of(r);
  CHECK(text.find("constant: 1000 procs · 2 threads") != std::string::npos);
  auto crypto = line_starting(text, "crypto off");
  CHECK(crypto.find("crypto on") != std::string::npos);
  // backend applies only with crypto on: its row is blank for crypto off.
  // Below the verdict and a blank line, the title, constants and a blank line.
  auto backend = lines_of(text)[6];
  CHECK(backend.find("backend openssl") != std::string::npos);
  CHECK(text.find("backend openssl", text.find("backend openssl") + 1) != std::string::npos);
  CHECK(text.find("relative to crypto off (median time_s):") != std::string::npos);
  CHECK(text.find("crypto on, backend openssl: 1.20x slower [") != std::string::npos);
  CHECK(text.find("(unreliable)") != std::string::npos);
}

TEST_CASE("spread of a single run is n/a") {
  auto r = sample_results({sample_runs(sample_config(1000, false), {0.0005}),
                           sample_runs(sample_config(10000, false), {0.005})});
  auto text = table_of(r);
  CHECK(line_starting(text, "std dev (").find("n/a") != std::string::npos);
  CHECK(line_starting(text, "CV").find("n/a") != std::string::npos);
  CHECK(line_starting(text, "99.9% CI ±").find("n/a") != std::string::npos);
  CHECK(line_starting(text, "std dev (").find(" 0") == std::string::npos);
  CHECK(text.find("point estimate only") != std::string::npos);
}

TEST_CASE("twelve configurations fit 100 code points in blocks") {
  auto text = table_of(twelve());
  auto lines = lines_of(text);
  for (std::size_t i = 1; i < lines.size(); ++i)
    CHECK_MESSAGE(code_points(lines[i]) <= 100, lines[i]);
  // Blocks repeat the row labels; each block has a runs row.
  std::size_t blocks = 0;
  for (const auto& line : lines_of(text))
    blocks += line.find("runs ") == 0;
  CHECK(blocks > 1);
  CHECK(blocks <= 4);
  CHECK(text.find("1000 procs") != std::string::npos);
}

TEST_CASE("a table wider than four blocks is transposed") {
  table_style narrow;
  narrow.width = 60;
  auto text = table_of(twelve(), narrow);
  // The verdict above is one line whatever the width: a script reads it whole.
  auto lines = lines_of(text);
  for (std::size_t i = 1; i < lines.size(); ++i)
    CHECK_MESSAGE(code_points(lines[i]) <= 60, lines[i]);
  // One row per configuration, a column per parameter that varies.
  auto names = line_starting(text, "procs");
  CHECK(names.find("threads") != std::string::npos);
  CHECK(names.find("backend") != std::string::npos);
  CHECK(names.find("runs") != std::string::npos);
  std::size_t rows = 0;
  for (const auto& line : lines_of(text))
    rows += line.find("100000") == 0 && line.find(" on  openssl") != std::string::npos;
  CHECK(rows >= 2);
  CHECK(line_starting(text, "replies_s (higher is better)") != "");
}

TEST_CASE("markdown draws the same table") {
  auto r = sample_results({sample_runs(sample_config(1000, false), times_near(0.0005, 3)),
                           sample_runs(sample_config(1000, true), times_near(0.0006, 3))});
  table_style md;
  md.markdown = true;
  auto text = table_of(r, md);
  CHECK(text.find("|  | crypto off | crypto on |") != std::string::npos);
  CHECK(text.find("|---|---:|---:|") != std::string::npos);
  CHECK(text.find("| median (µs) |") != std::string::npos);
  CHECK(text.find("- relative to crypto off") != std::string::npos);
}

TEST_CASE("warnings: outliers, partial, nonzero checks") {
  auto times = times_near(0.001, 9);
  times[4] = 0.01;
  auto bad = sample_runs(sample_config(1000, true), times_near(0.001, 3));
  bad.runs[1].record.checks["mismatches"] = 2;
  bad.partial = true;
  auto r = sample_results({sample_runs(sample_config(1000, false), times), bad});
  auto text = table_of(r);
  CHECK(text.find("crypto off: 1 outlier run of time_s (run 5)") != std::string::npos);
  CHECK(text.find("partial") != std::string::npos);
  CHECK(text.find("INVALID: crypto on, backend openssl: mismatches = 2") != std::string::npos);
  CHECK(line_starting(text, "mismatches").find("2") != std::string::npos);
}

TEST_CASE("instructions counted with more than one thread: a warning that they vary") {
  const std::string warning = "warning: with 2 threads the instruction counts vary by a few "
                              "percent between runs and between commands (idle scheduler workers "
                              "poll); --threads 1 holds them within 0.1%";
  table_style unwrapped;
  unwrapped.width = 1000;
  auto r = sample_results({sample_runs(sample_config(1000, false, 1), times_near(0.001, 3)),
                           sample_runs(sample_config(1000, false, 2), times_near(0.001, 3))});
  CHECK(table_of(r, unwrapped).find("instruction counts") == std::string::npos); // timed
  r.harness.measure = measure_mode::instructions;
  CHECK(table_of(r, unwrapped).find(warning) != std::string::npos);
  r.configurations.pop_back(); // one thread only
  CHECK(table_of(r, unwrapped).find("instruction counts") == std::string::npos);
}

TEST_CASE("the verdict gives a count's unit") {
  auto r = sample_results({sample_runs(sample_config(1000, false), {4590, 4597, 4604})});
  r.scenario.metrics.front().unit = "instructions";
  CHECK(lines_of(table_of(r))[0]
        == "time s 4597 instructions (3 runs, range 4590-4604) (median, 95% interval)");
}

TEST_CASE("a view replaces the generic table") {
  struct fixed_view : view {
    std::string_view name() const override { return "seed"; }
    void write(const scenario_results&, const table_style& s, std::ostream& out) const override {
      out << "seed view " << s.width;
    }
  } v;
  std::ostringstream out;
  make_table_writer({}, &v)->write(sample_results({}), out);
  CHECK(out.str() == "no runs measured\n\nseed view 100");
}

TEST_CASE("the verdict comes first: the scenario's, or the generic one by the headline") {
  auto r = sample_results({sample_runs(sample_config(1000, false), times_near(0.0005, 6)),
                           sample_runs(sample_config(1000, true), times_near(0.0006, 6))});
  auto generic = lines_of(table_of(r));
  CHECK(generic[0].rfind("best time: crypto off, 499 µs [", 0) == 0);
  CHECK(generic[0].find("; crypto on, backend openssl 1.20x slower [") != std::string::npos);
  CHECK(generic[1].empty());
  std::ostringstream out;
  make_table_writer({}, nullptr, [](const scenario_results& results) {
    return "answer of " + std::to_string(results.configurations.size());
  })->write(r, out);
  CHECK(lines_of(out.str())[0] == "answer of 2");
  table_style md;
  md.markdown = true;
  CHECK(lines_of(table_of(r, md))[0].rfind("**best time: ", 0) == 0);
}

TEST_CASE("the table's footer says how stable the host was, and warns of noisy rounds") {
  auto r = sample_results({sample_runs(sample_config(1000, false), times_near(0.0005, 5))});
  CHECK(line_starting(table_of(r), "host:").empty()); // no probes: no footer
  noise_record n;
  n.cpus = {0};
  for (double ms : {3.0, 3.0, 3.1, 2.9, 5.4, 3.0, 3.0}) {
    noise_sample s;
    if (!n.samples.empty())
      s.after_round = n.samples.size() - 1;
    s.cpu_ms = {ms};
    n.samples.push_back(s);
  }
  r.noise = n;
  auto text = table_of(r);
  CHECK(line_starting(text, "host:")
        == "host: probe median 3 ms (1 CPU), spread ±0.0%, drift +0.0%, worst round 4 (1.8x)");
  CHECK(line_starting(text, "- host:").empty());
  CHECK(text.find("warning: host noise: probe 1.8x slower during round 4 (more than 25% off its")
        != std::string::npos);
  table_style markdown;
  markdown.markdown = true;
  CHECK(line_starting(table_of(r, markdown), "- host: probe median 3 ms") != "");
}
