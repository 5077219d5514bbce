#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "bench/plot.hpp"
#include "svg_text.hpp"

using namespace actorbench::bench;
using namespace actorbench::test;

namespace {

fanout_result make_result(std::size_t procs, bool crypto, std::size_t threads,
                          std::vector<double> samples) {
  fanout_result r;
  r.procs = procs;
  r.crypto = crypto;
  r.backend = crypto ? "openssl" : "";
  r.cipher = crypto ? "aes-128-ctr" : "";
  r.threads = threads;
  r.policy = "stealing";
  r.spawn = "chain";
  r.runs = samples.size();
  r.samples_s = std::move(samples);
  return r;
}

report make_report(std::vector<fanout_result> results) {
  report rep;
  rep.tool_version = "0.0.0";
  rep.allocator = "system";
  rep.results = std::move(results);
  return rep;
}

} // namespace

TEST_CASE("plot: a comparison of two configurations is drawn as labelled bars") {
  temp_dir dir;
  auto path = dir.file("compare.svg");
  auto rep = make_report({make_result(1000, false, 4, {0.10, 0.11, 0.12, 0.105}),
                          make_result(1000, true, 4, {0.20, 0.22, 0.21, 0.205})});
  auto done = write_plot(rep, path);
  INFO((done ? std::string{} : done.err().message));
  REQUIRE(done);
  CHECK(*done);
  check_svg(path, {"actorbench fan-out: 1000 actors", "configuration", "seconds (mean ± σ)",
                   "mean of the runs", "± 1 σ", "single runs",
                   // the bars' labels (result_labels, a line per part) and the comparison
                   // with the reference
                   "crypto off", "crypto on", "openssl/aes-128-ctr", "reference", "x slower"});
}

TEST_CASE("plot: a procs scan with crypto off and on is drawn as lines on log axes") {
  temp_dir dir;
  auto path = dir.file("scan.svg");
  std::vector<fanout_result> results;
  for (std::size_t procs : {100, 1000, 10000}) {
    double base = 1e-5 * static_cast<double>(procs);
    results.push_back(make_result(procs, false, 4, {base, base * 1.1, base * 0.95}));
    results.push_back(make_result(procs, true, 4, {base * 2, base * 2.2, base * 1.9}));
  }
  auto done = write_plot(make_report(results), path);
  INFO((done ? std::string{} : done.err().message));
  REQUIRE(done);
  check_svg(path, {"actorbench fan-out: time vs actors", "sender actors (log scale)",
                   "seconds from first spawn to last reply", "µs per sender actor", "crypto off",
                   "crypto on, openssl/aes-128-ctr"});
}

TEST_CASE("plot: a threads scan shows speed-up and efficiency") {
  temp_dir dir;
  auto path = dir.file("threads.svg");
  std::vector<fanout_result> results;
  for (std::size_t threads : {1, 2, 4, 8}) {
    double t = 1.0 / static_cast<double>(threads) + 0.05;
    results.push_back(make_result(10000, false, threads, {t, t * 1.05, t * 0.97}));
    results.push_back(make_result(10000, true, threads, {2 * t, 2 * t * 1.05, 2 * t * 0.97}));
  }
  auto done = write_plot(make_report(results), path);
  INFO((done ? std::string{} : done.err().message));
  REQUIRE(done);
  check_svg(path, {"actorbench fan-out: speed-up vs threads", "scheduler worker threads",
                   "speed-up (×)", "efficiency (speed-up / threads)", "ideal (linear)",
                   "crypto off", "crypto on, openssl/aes-128-ctr"});
}

TEST_CASE(
  "plot: labels with quotes, backslashes and gnuplot's special characters are shown as "
  "they are") {
  temp_dir dir;
  auto path = dir.file("odd.svg");
  auto a = make_result(500, false, 2, {0.1, 0.2});
  auto b = make_result(500, false, 2, {0.3, 0.4});
  a.policy = "it's_a \"x\" \\ ^2 @{y} & <z>";
  b.policy = "plain";
  auto done = write_plot(make_report({a, b}), path);
  INFO((done ? std::string{} : done.err().message));
  REQUIRE(done);
  check_svg(path, {"actorbench fan-out: 500 actors", a.policy, "plain"});
}

TEST_CASE("plot: a PNG is written when the path ends in .png") {
  temp_dir dir;
  auto path = dir.file("compare.png");
  auto rep = make_report({make_result(1000, false, 4, {0.10, 0.11, 0.12}),
                          make_result(1000, true, 4, {0.20, 0.22, 0.21})});
  auto done = write_plot(rep, path);
  INFO((done ? std::string{} : done.err().message));
  REQUIRE(done);
  auto png = read_all(path);
  REQUIRE(png.size() > 8);
  CHECK(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
}

TEST_CASE("plot: another extension is bad input") {
  auto rep = make_report({make_result(10, false, 1, {0.1})});
  for (std::string path : {"x.gif", "plot", "dir.svg/plot.pdf", ".svg"}) {
    auto done = write_plot(rep, path);
    REQUIRE_FALSE(done);
    CHECK(done.err().code == errc::bad_input);
    CHECK(done.err().message == "invalid --plot '" + path + "': expected a .svg or .png file");
  }
}

TEST_CASE("plot: a report without measured runs is bad input") {
  temp_dir dir;
  auto rep = make_report({make_result(10, false, 1, {})});
  auto done = write_plot(rep, dir.file("empty.svg"));
  REQUIRE_FALSE(done);
  CHECK(done.err().code == errc::bad_input);
}

TEST_CASE("plot: a missing gnuplot is a runtime failure naming the package") {
  temp_dir dir;
  auto rep = make_report({make_result(10, false, 1, {0.1})});
  for (std::string program : {dir.path + "/no-such-gnuplot", std::string{"no-such-gnuplot-xyz"}}) {
    auto done = write_plot(rep, dir.file("x.svg"), program);
    REQUIRE_FALSE(done);
    CHECK(done.err().code == errc::runtime_failure);
    CHECK(done.err().message.find("apt-get install gnuplot-nox") != std::string::npos);
  }
}

TEST_CASE("plot: a failing gnuplot is a runtime failure with its error line") {
  temp_dir dir;
  auto fake = dir.file("fake-gnuplot");
  {
    std::ofstream script{fake};
    script << "#!/bin/sh\ncat >/dev/null\necho '' >&2\necho 'boom: no terminal here' >&2\n"
              "echo 'second line' >&2\nexit 3\n";
  }
  REQUIRE(::chmod(fake.c_str(), 0700) == 0);
  auto rep = make_report({make_result(10, false, 1, {0.1})});
  auto out = dir.file("x.svg");
  auto done = write_plot(rep, out, fake);
  REQUIRE_FALSE(done);
  CHECK(done.err().code == errc::runtime_failure);
  CHECK(done.err().message == "gnuplot failed: boom: no terminal here");
}
