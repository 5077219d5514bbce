#include <doctest/doctest.h>

#include <sstream>

#include "bench/cipher/cipher_scenario.hpp"
#include "bench/cipher/jmh_view.hpp"

using namespace actorbench::bench;

namespace {

// A configuration measured `runs` times at `ns_per_op` (x 1, 1.01, 0.99 ...).
configuration_result measured(std::size_t index, std::string cipher, std::int64_t size,
                              double ns_per_op, std::size_t runs, std::uint64_t failed = 0) {
  configuration_result c;
  c.config.index = index;
  c.config.values = {{"backend", std::string{"openssl"}},   {"cipher", cipher},
                     {"context", std::string{"per-actor"}}, {"size", size},
                     {"threads", std::int64_t{1}},          {"time", 0.1}};
  for (std::size_t i = 0; i < runs; ++i) {
    run_result run;
    double t = ns_per_op * 1e-9 * (1 + 0.01 * static_cast<double>(i % 3) - 0.01);
    run.record.add("time_per_op", t);
    run.record.add("throughput", 1 / t);
    run.record.add("bytes_per_s", static_cast<double>(size) / t);
    run.record.checks["failed_decrypts"] = i == 0 ? failed : 0;
    run.record.facts["ops"] = 0.1 / t;
    if (i == 0 && failed > 0)
      run.record.facts["first_failure"] = std::string{"backend_failure: tag mismatch"};
    c.runs.push_back(run);
  }
  return c;
}

scenario_results handmade(std::size_t runs) {
  scenario_results r;
  r.scenario = make_cipher_scenario()->declared();
  r.harness.runs = runs;
  r.harness.warmup = 2;
  r.configurations = {
    measured(0, "aes-128-ctr", 12, 50, runs), measured(1, "aes-128-ctr", 1024, 400, runs),
    measured(2, "aes-256-ctr", 12, 60, runs, 3), measured(3, "aes-256-ctr", 1024, 800, runs)};
  return r;
}

std::string drawn(const scenario_results& r, table_style style = {}) {
  std::ostringstream out;
  jmh_view::instance().write(r, style, out);
  return out.str();
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("jmh view: JMH's table, the bytes table, comparisons at the same size, warnings") {
  auto text = drawn(handmade(5));
  CHECK(contains(text, "# one decrypt per op; 5 runs of 100 ms after 2 warm-up"));
  CHECK(contains(text, "Benchmark"));
  CHECK(contains(text, "Mode  Cnt"));
  CHECK(contains(text, "openssl/aes-128-ctr/per-actor/12"));
  CHECK(contains(text, "thrpt    5"));
  CHECK(contains(text, "avgt    5"));
  CHECK(contains(text, "ops/\u00b5s"));
  CHECK(contains(text, "ns/op"));
  CHECK(contains(text, "\u00b1"));
  CHECK(contains(text, "MB/s"));
  // 60 ns/op against 50 at 12 bytes; 800 against 400 at 1024 bytes.
  CHECK(contains(text, "openssl/aes-256-ctr/per-actor/12: 1.20x slower"));
  CHECK(contains(text, "openssl/aes-256-ctr/per-actor/1024: 2.00x slower"));
  CHECK(contains(text, "relative to openssl/aes-128-ctr/per-actor/12, at the same message size"));
  CHECK(contains(text, "(fewer than 9 runs on a side: p is unreliable)"));
  CHECK_FALSE(contains(text, "aes-128-ctr/per-actor/1024: "));
  CHECK(contains(text, "warning: openssl/aes-256-ctr/per-actor/12: 3 failed decrypts"));
  CHECK(contains(text, "\n  first: backend_failure: tag mismatch"));
  std::istringstream lines{text};
  for (std::string line; std::getline(lines, line);) {
    INFO(line);
    CHECK(line.size() <= 100);
  }
}

TEST_CASE("jmh view: one run has no error, --time-unit sets avgt, markdown") {
  auto r = handmade(1);
  auto text = drawn(r, table_style{100, "us", false});
  CHECK(contains(text, "\u00b5s/op"));
  CHECK_FALSE(contains(text, "\u00b1"));
  auto md = drawn(r, table_style{100, "", true});
  CHECK(contains(md, "| Benchmark | Mode | Cnt | Score | Error | Units |"));
  CHECK(contains(md, "| `openssl/aes-128-ctr/per-actor/12` | thrpt | 1 |"));
  CHECK(contains(md, "- **warning:** "));
}
