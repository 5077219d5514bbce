#include <doctest/doctest.h>

#include <sstream>

#include "bench/scenarios/cipher/cipher_scenario.hpp"
#include "bench/scenarios/cipher/jmh_view.hpp"
#include "bench/output/ranking.hpp"
#include "text_search.hpp"

namespace actorbench::bench {
using testing::contains;

namespace {

// A configuration measured `runs` times at `ns_per_op` (x 1, 1.01, 0.99 ...).
configuration_result measured(std::size_t index, std::string cipher, std::int64_t size,
                              double ns_per_op, std::size_t runs, std::uint64_t failed = 0,
                              std::string backend = "openssl") {
  configuration_result c;
  c.config.index = index;
  c.config.values = {
    {"backend", backend}, {"cipher", cipher},           {"context", std::string{"per-actor"}},
    {"size", size},       {"threads", std::int64_t{1}}, {"time", 0.1}};
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

std::string jmh_table(const scenario_results& r, table_style style = {}) {
  std::ostringstream out;
  jmh_view::instance().write(r, style, out);
  return out.str();
}

} // namespace

TEST_CASE("jmh view: JMH's table, the bytes table, comparisons at the same size, warnings") {
  auto text = jmh_table(handmade(5));
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
  auto text = jmh_table(r, table_style{100, "us", false});
  CHECK(contains(text, "\u00b5s/op"));
  CHECK_FALSE(contains(text, "\u00b1"));
  auto md = jmh_table(r, table_style{100, "", true});
  CHECK(contains(md, "| Benchmark | Mode | Cnt | Score | Error | Units |"));
  CHECK(contains(md, "| `openssl/aes-128-ctr/per-actor/12` | thrpt | 1 |"));
  CHECK(contains(md, "- **warning:** "));
}

namespace {

// aes-256-gcm on three back-ends at 12 bytes (sodium fastest), two at 1024
// bytes, and aes-128-ctr on openssl alone.
scenario_results three_backends(std::size_t runs) {
  scenario_results r;
  r.scenario = make_cipher_scenario()->declared();
  r.harness.runs = runs;
  r.configurations = {measured(0, "aes-256-gcm", 12, 100, runs, 0, "openssl"),
                      measured(1, "aes-256-gcm", 12, 50, runs, 0, "sodium"),
                      measured(2, "aes-256-gcm", 12, 150, runs, 0, "other"),
                      measured(3, "aes-256-gcm", 1024, 400, runs, 0, "openssl"),
                      measured(4, "aes-256-gcm", 1024, 800, runs, 0, "sodium"),
                      measured(5, "aes-128-ctr", 12, 40, runs, 0, "openssl")};
  return r;
}

} // namespace

TEST_CASE("ranking: back-ends differing only in the back-end, best first, against the best") {
  auto r = three_backends(9);
  auto groups = rank_across(r, "backend", *r.scenario.find_metric("time_per_op"));
  REQUIRE(groups.size() == 2); // aes-128-ctr has one back-end: no ranking
  REQUIRE(groups[0].entries.size() == 3);
  CHECK(groups[0].entries[0].position == 1);
  CHECK(groups[0].entries[1].position == 0);
  CHECK(groups[0].entries[2].position == 2);
  CHECK(groups[0].entries[0].vs_best.ratio == doctest::Approx(1));
  CHECK(groups[0].entries[1].vs_best.ratio == doctest::Approx(2).epsilon(0.03));
  CHECK(groups[0].entries[2].vs_best.ratio == doctest::Approx(3).epsilon(0.03));
  CHECK(groups[0].entries[2].vs_best.p_value < 0.01);
  REQUIRE(groups[1].entries.size() == 2);
  CHECK(groups[1].entries[0].position == 3);
  CHECK(groups[1].entries[1].vs_best.ratio == doctest::Approx(2).epsilon(0.03));
}

TEST_CASE("jmh view: the back-ends ranked per cipher, context and size") {
  auto text = jmh_table(three_backends(9));
  CHECK(contains(text, "ranking of the back-ends by median time per decrypt, best first"));
  CHECK(contains(text,
                 "  aes-256-gcm/per-actor/12:\n    1. sodium: 50.0 ns per decrypt\n"
                 "    2. openssl: 2.00x slower ["));
  CHECK(contains(text, "    3. other: 3.00x slower ["));
  CHECK(contains(text, "  aes-256-gcm/per-actor/1024:\n    1. openssl: "));
  CHECK_FALSE(contains(text, "\n  aes-128-ctr/per-actor/12:\n"));
  CHECK_FALSE(contains(text, "p is unreliable"));
  CHECK_FALSE(contains(jmh_table(handmade(5)), "ranking of the back-ends"));
}

TEST_CASE("jmh view: a back-end as fast as the fastest is a tie, not slower") {
  scenario_results r;
  r.scenario = make_cipher_scenario()->declared();
  r.harness.runs = 9;
  r.configurations = {measured(0, "aes-256-gcm", 12, 100, 9, 0, "openssl"),
                      measured(1, "aes-256-gcm", 12, 100, 9, 0, "sodium")};
  auto text = jmh_table(r);
  CHECK(contains(text, "    1. openssl: 100 ns per decrypt\n"));
  CHECK(contains(text, "    2. sodium: a tie with the best (1.00x "));
}

namespace {

configuration_result encrypting(configuration_result c) {
  c.config.values["direction"] = std::string{"encrypt"};
  return c;
}

} // namespace

TEST_CASE("jmh view: encrypts are labelled, compared with the decrypt reference and ranked apart") {
  scenario_results r;
  r.scenario = make_cipher_scenario()->declared();
  r.harness.runs = 9;
  r.configurations = {measured(0, "aes-128-gcm", 64, 100, 9, 0, "openssl"),
                      encrypting(measured(1, "aes-128-gcm", 64, 130, 9, 4, "openssl")),
                      measured(2, "aes-128-gcm", 64, 80, 9, 0, "sodium"),
                      encrypting(measured(3, "aes-128-gcm", 64, 260, 9, 0, "sodium"))};
  auto text = jmh_table(r);
  CHECK(contains(text, "# one decrypt or encrypt (/encrypt) per op; 9 runs"));
  CHECK(contains(text, "openssl/aes-128-gcm/per-actor/64/encrypt "));
  CHECK(contains(text, "openssl/aes-128-gcm/per-actor/64/encrypt: 1.30x slower"));
  CHECK(contains(text, "(median time per op with its 95% interval"));
  CHECK(contains(text, "ranking of the back-ends by median time per op, best first"));
  // Each direction its own group: sodium first for decrypts, openssl for encrypts.
  CHECK(contains(text, "  aes-128-gcm/per-actor/64:\n    1. sodium: 80.0 ns per op\n"));
  CHECK(contains(text, "  aes-128-gcm/per-actor/64/encrypt:\n    1. openssl: 130 ns per op\n"));
  CHECK(contains(text, "warning: openssl/aes-128-gcm/per-actor/64/encrypt: 4 failed encrypts"));

  r.configurations = {encrypting(measured(0, "aes-128-gcm", 64, 100, 9, 0, "openssl")),
                      encrypting(measured(1, "aes-128-gcm", 64, 200, 9, 0, "sodium"))};
  auto only = jmh_table(r);
  CHECK(contains(only, "# one encrypt per op; "));
  CHECK(contains(only, "    1. openssl: 100 ns per encrypt\n"));
}

TEST_CASE("cipher verdict: the fastest per size, its ties, else the next; never the no-op") {
  auto s = make_cipher_scenario();
  scenario_results r;
  r.scenario = s->declared();
  r.configurations = {measured(0, "aes-128-gcm", 64, 132, 9, 0, "nettle"),
                      measured(1, "aes-128-gcm", 64, 133, 9, 0, "gcrypt"),
                      measured(2, "aes-128-gcm", 64, 300, 9, 0, "openssl"),
                      measured(3, "aes-128-gcm", 1024, 900, 9, 0, "nettle"),
                      measured(4, "aes-128-gcm", 1024, 450, 9, 0, "openssl"),
                      measured(5, "none", 64, 5, 9, 0, "none")};
  auto line = s->verdict(r);
  CAPTURE(line);
  CHECK(line.rfind("fastest at 64 B: nettle aes-128-gcm 132 ns [", 0) == 0);
  CHECK(contains(line, "; gcrypt ties (1.0"));
  CHECK_FALSE(contains(line, "openssl 2."));
  CHECK(contains(line, "; at 1,024 B: openssl aes-128-gcm 450 ns ["));
  CHECK(contains(line, "; next nettle 2.00x slower ["));
  CHECK_FALSE(contains(line, "none"));
}

} // namespace actorbench::bench
