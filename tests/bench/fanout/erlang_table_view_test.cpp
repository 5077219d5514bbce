#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "bench/scenarios/fanout/fanout_declaration.hpp"
#include "bench/scenarios/fanout/erlang_table_view.hpp"
#include "text_search.hpp"

namespace actorbench::bench {
using testing::contains;

namespace {

configuration_result handmade(std::int64_t threads, const std::string& spawn,
                              const std::vector<double>& replies_s) {
  configuration_result c;
  c.config.values = {{"procs", std::int64_t{1000}},          {"crypto", std::string{"on"}},
                     {"backend", std::string{"openssl"}},    {"cipher", std::string{"aes-128-ctr"}},
                     {"context", std::string{"per-thread"}}, {"threads", threads},
                     {"policy", std::string{"stealing"}},    {"spawn", spawn},
                     {"clock", std::string{"lean"}}};
  for (auto v : replies_s) {
    run_result run;
    run.record.add("replies_s", v);
    run.record.add("spawn_done_s", v / 2);
    run.record.add("teardown_done_s", v * 1.5);
    run.record.add("actors_per_s", 1000 / v);
    run.record.checks = {{"wrong_plaintext", 0}, {"missing_ids", 0}};
    run.peak_rss_bytes = 40u << 20;
    run.start_rss_bytes = 39u << 20;
    c.runs.push_back(run);
  }
  return c;
}

scenario_results results_of(std::vector<configuration_result> cs) {
  scenario_results r;
  r.tool.version = "1.0";
  r.tool.allocator = "glibc";
  r.machine.cpu_model = "Test CPU";
  r.machine.cores = 2;
  r.scenario = fanout_declaration();
  r.harness.runs = 3;
  r.configurations = std::move(cs);
  return r;
}

std::string erlang_table(const scenario_results& r, table_style style = {}) {
  std::ostringstream out;
  erlang_table_view().write(r, style, out);
  return out.str();
}

std::size_t longest_line(const std::string& text) {
  std::size_t longest = 0, current = 0;
  for (char c : text) {
    if (c == '\n') {
      longest = std::max(longest, current);
      current = 0;
    } else if ((c & 0xC0) != 0x80) {
      ++current;
    }
  }
  return std::max(longest, current);
}

} // namespace

TEST_CASE("the Erlang table view names each column's scanned values and shows µs") {
  auto r = results_of({handmade(1, "chain", {0.000512, 0.000498, 0.000530}),
                       handmade(2, "chain", {0.000612, 0.000640, 0.000601}),
                       handmade(1, "main", {0.000900, 0.000950, 0.000920}),
                       handmade(2, "main", {0.001100, 0.001000, 0.001050})});
  auto text = erlang_table(r);
  CHECK(erlang_table_view().name() == "erlang-table");
  CHECK(contains(text, "average (µs)"));
  CHECK(contains(text, "512"));
  CHECK_FALSE(contains(text, "0.0005"));
  CHECK(contains(text, "1 threads"));
  CHECK(contains(text, "2 threads"));
  CHECK(contains(text, "spawn chain"));
  CHECK(contains(text, "spawn main"));
  // The shared values are named once, above the table.
  CHECK(contains(text, "1000 procs, crypto on, openssl/aes-128-ctr"));
  CHECK(contains(text, "cipher contexts per-thread"));
  CHECK_FALSE(contains(text, "scheduler threads"));
  CHECK_FALSE(contains(text, "spawned by"));
  CHECK(contains(text, "relative to 1 threads, spawn chain"));
  CHECK(contains(text, "x slower ["));
  CHECK(contains(text, "p is unreliable"));
  CHECK(contains(text, "peak RSS (MiB)"));
  CHECK(contains(text, "mismatches"));
  CHECK(longest_line(text) <= 100);
  auto md = erlang_table(r, {100, "", true});
  CHECK(contains(md, "| average (µs) |"));
}

TEST_CASE("the Erlang table view shows n/a for the spread of one run, and node rows") {
  auto one = handmade(2, "chain", {0.25});
  part_record local{"local",
                    {{"replies", {500}}, {"replies_s", {0.2}}, {"teardown_s", {0.24}}},
                    {{"senders", 500.0}}};
  part_record node{"127.0.0.1:4242",
                   {{"replies", {500}}, {"replies_s", {0.25}}, {"teardown_s", {0.26}}},
                   {{"senders", 500.0}}};
  one.runs[0].record.parts = {local, node};
  auto text = erlang_table(results_of({one}));
  CHECK(contains(text, "average (ms)"));
  CHECK(contains(text, "250"));
  CHECK(contains(text, "1000 procs")); // a single column names procs, crypto and cipher
  CHECK(contains(text, "2 scheduler threads (stealing), spawned by chain"));
  CHECK(contains(text, "senders split across 2 nodes: local (500) 127.0.0.1:4242 (500)"));
  CHECK(contains(text, "std dev (ms)")); // the averages' unit, though n/a
  CHECK(contains(text, "99.9% CI of the mean (ms, ±)"));
  auto spread = text.substr(text.find("std dev"));
  CHECK(spread.substr(0, spread.find('\n')).find("n/a") != std::string::npos);
  CHECK(contains(text, "127.0.0.1:4242 replies/run (min)"));
  CHECK(contains(text, "500 of 500"));
  CHECK(contains(text, "local all in (med ms)"));
  CHECK_FALSE(contains(text, "relative to"));
}

TEST_CASE("the Erlang table view warns of mismatches and partial results") {
  auto bad = handmade(1, "chain", {0.5, 0.5});
  bad.runs[1].record.checks["missing_ids"] = 3;
  bad.partial = true;
  auto r = results_of({bad});
  r.stopped = "signal 2";
  auto text = erlang_table(r);
  CHECK(contains(text, "PARTIAL: signal 2"));
  CHECK(contains(text, "3 mismatched replies: this result is not valid"));
  CHECK(contains(text, "partial: 2 of 3 runs"));
}

} // namespace actorbench::bench
