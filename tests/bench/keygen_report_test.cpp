#include <doctest/doctest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/keygen_report.hpp"

using namespace actorbench;
using crypto::key_algorithm;

namespace {

bench::keygen_cell make_cell(key_algorithm algo, std::size_t bits, std::size_t threads,
                             std::size_t keys, double wall_s, bool partial = false,
                             std::size_t requested = 0) {
  bench::keygen_cell c;
  c.request = {algo, bits, "openssl"};
  c.sample.threads = threads;
  c.sample.keys = keys;
  c.sample.requested = requested == 0 ? keys : requested;
  c.sample.wall_s = wall_s;
  c.sample.partial = partial;
  c.sample.key_s.assign(keys, wall_s * static_cast<double>(threads) / static_cast<double>(keys));
  c.sample.key_worker.assign(keys, 0);
  c.sample.validated = threads;
  return c;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in{text};
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

// Splits on runs of spaces.
std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in{line};
  for (std::string w; in >> w;)
    out.push_back(w);
  return out;
}

// Hand-computed: 1 thread, 10 keys in 10 s: 1.0 s per key, 1.0 thread-s;
// 2 threads, 10 keys in 6 s: 0.6 s per key, 1.2 thread-s. Mean 1.1, mean
// absolute deviation 0.1, so spread 0.1 / 1.1 = 9.09%; 1.2 / 1.0 - 1 = 20%.
// At 2048 bits: 1 thread 4 keys in 20 s (5.0), 2 threads 4 keys in 10 s
// (2.5 s per key, 5.0 thread-s): both spreads 0.
std::vector<bench::keygen_cell> hand_cells() {
  return {make_cell(key_algorithm::rsa, 2048, 1, 4, 20.0),
          make_cell(key_algorithm::rsa, 1024, 1, 10, 10.0),
          make_cell(key_algorithm::rsa, 1024, 2, 10, 6.0),
          make_cell(key_algorithm::rsa, 2048, 2, 4, 10.0)};
}

} // namespace

TEST_CASE("spread is seed 002's mean deviation over the mean, beside max over min") {
  auto s = bench::compute_spread({1.0, 1.2});
  CHECK(s.count == 2);
  CHECK(s.mean_deviation == doctest::Approx(0.1 / 1.1));
  CHECK(s.max_over_min == doctest::Approx(0.2));
  CHECK_FALSE(s.partial);
  auto one = bench::compute_spread({3.0});
  CHECK(std::isnan(one.mean_deviation));
  CHECK(std::isnan(one.max_over_min));
  CHECK(std::isnan(bench::compute_spread({}).mean_deviation));
}

TEST_CASE("the seed's own thread-seconds reproduce its spread row") {
  // Seed 002, RSA, thread-seconds per key for 1..8 threads; its spread row
  // says 4.94% (512 bits), 3.26% (1024), 2.03% (2048), 1.32% (4096).
  struct column {
    std::vector<double> values;
    double spread;
  };
  for (const auto& c :
       {column{{0.148, 0.160, 0.162, 0.168, 0.165, 0.174, 0.175, 0.184}, 0.0494},
        column{{1.151, 1.172, 1.260, 1.252, 1.220, 1.218, 1.274, 1.296}, 0.0326},
        column{{11.244, 11.552, 12.129, 12.056, 11.760, 11.916, 11.956, 12.096}, 0.0203},
        column{{131.731, 133.374, 135.771, 137.888, 137.810, 135.246, 135.513, 138.728}, 0.0132}}) {
    auto s = bench::compute_spread(c.values);
    CHECK(std::round(s.mean_deviation * 10000) / 10000 == doctest::Approx(c.spread));
  }
  // max / min - 1 gives a different figure: 0.184 / 0.148 - 1 = 24.32%.
  CHECK(bench::compute_spread({0.148, 0.160, 0.162, 0.168, 0.165, 0.174, 0.175, 0.184}).max_over_min
        == doctest::Approx(0.184 / 0.148 - 1));
}

TEST_CASE("grids put thread counts in rows and sizes in columns, both ascending") {
  auto cells = hand_cells();
  auto grids = bench::make_keygen_grids(cells);
  REQUIRE(grids.size() == 1);
  const auto& g = grids[0];
  CHECK(g.algo == key_algorithm::rsa);
  CHECK(g.sizes == std::vector<std::size_t>{1024, 2048});
  CHECK(g.threads == std::vector<std::size_t>{1, 2});
  REQUIRE(g.samples.size() == 2);
  CHECK(g.samples[0][0] == &cells[1].sample);
  CHECK(g.samples[0][1] == &cells[0].sample);
  CHECK(g.samples[1][0] == &cells[2].sample);
  CHECK(g.samples[1][1] == &cells[3].sample);
  REQUIRE(g.spread.size() == 2);
  CHECK(g.spread[0].mean_deviation == doctest::Approx(0.1 / 1.1));
  CHECK(g.spread[0].max_over_min == doctest::Approx(0.2));
  CHECK(g.spread[1].mean_deviation == doctest::Approx(0.0));
  CHECK(g.spread[1].max_over_min == doctest::Approx(0.0));
}

TEST_CASE("one grid per algorithm and back-end; repeated cells merge") {
  auto cells = hand_cells();
  cells.push_back(make_cell(key_algorithm::ec, 256, 1, 100, 1.0));
  auto x = make_cell(key_algorithm::x25519, 0, 1, 100, 0.5);
  x.request.backend = "sodium";
  cells.push_back(x);
  // Again at 1024 bits on 1 thread: 10 keys in 14 s. Merged: 20 keys in
  // 24 s, 1.2 thread-s per key, the same as 2 threads: spread 0.
  cells.push_back(make_cell(key_algorithm::rsa, 1024, 1, 10, 14.0));
  auto grids = bench::make_keygen_grids(cells);
  REQUIRE(grids.size() == 3);
  CHECK(grids[1].algo == key_algorithm::ec);
  CHECK(grids[2].backend == "sodium");
  CHECK(grids[2].sizes == std::vector<std::size_t>{0});
  const auto* merged = grids[0].samples[0][0];
  REQUIRE(merged != nullptr);
  CHECK(merged->keys == 20);
  CHECK(merged->wall_s == doctest::Approx(24.0));
  CHECK(merged->thread_seconds_per_key() == doctest::Approx(1.2));
  CHECK(grids[0].spread[0].mean_deviation == doctest::Approx(0.0));
}

TEST_CASE("the table has the seed's two tables and the spread rows") {
  std::ostringstream out;
  bench::write_keygen_table(hand_cells(), out);
  auto lines = lines_of(out.str());
  REQUIRE(lines.size() >= 11);
  CHECK(lines[0] == "rsa key generation (openssl), wall seconds per key:");
  CHECK(words(lines[1]) == std::vector<std::string>{"threads", "1024", "bits", "2048", "bits"});
  CHECK(words(lines[2]) == std::vector<std::string>{"1", "1.000", "s", "5.000", "s"});
  CHECK(words(lines[3]) == std::vector<std::string>{"2", "0.600", "s", "2.500", "s"});
  CHECK(lines[5].find("thread-seconds per key") != std::string::npos);
  CHECK(words(lines[7]) == std::vector<std::string>{"1", "1.000", "5.000"});
  CHECK(words(lines[8]) == std::vector<std::string>{"2", "1.200", "5.000"});
  CHECK(words(lines[9]) == std::vector<std::string>{"spread", "9.09%", "0.00%"});
  CHECK(words(lines[10]) == std::vector<std::string>{"max/min", "-", "1", "20.00%", "0.00%"});
  CHECK(out.str().find("* partial") == std::string::npos);
  // Columns line up: every row of a table is as wide as its header.
  CHECK(lines[2].size() == lines[1].size());
  CHECK(lines[9].size() == lines[7].size());
}

TEST_CASE("partial cells are starred, with a footnote; so is their spread") {
  auto cells = hand_cells();
  // 2 threads at 2048 bits ran out of time: 3 of 4 keys in 9 s.
  cells[3] = make_cell(key_algorithm::rsa, 2048, 2, 3, 9.0, true, 4);
  std::ostringstream out;
  bench::write_keygen_table(cells, out);
  auto lines = lines_of(out.str());
  REQUIRE(lines.size() >= 11);
  CHECK(words(lines[3]) == std::vector<std::string>{"2", "0.600", "s", "3.000", "s*"});
  CHECK(words(lines[8]) == std::vector<std::string>{"2", "1.200", "6.000*"});
  // 5.0 and 6.0: mean 5.5, deviation 0.5, 9.09%; 6 / 5 - 1 = 20%.
  CHECK(words(lines[9]) == std::vector<std::string>{"spread", "9.09%", "9.09%*"});
  CHECK(words(lines[10]) == std::vector<std::string>{"max/min", "-", "1", "20.00%", "20.00%*"});
  CHECK(out.str().find("* partial: rsa-2048 (openssl) on 2 threads: 3 of 4 keys within the "
                       "time limit")
        != std::string::npos);
}

TEST_CASE("a partial cell without keys shows no figure and no spread") {
  std::vector<bench::keygen_cell> cells{make_cell(key_algorithm::dh, 4096, 1, 0, 5.0, true, 2),
                                        make_cell(key_algorithm::dh, 4096, 2, 1, 5.0, true, 2)};
  std::ostringstream out;
  bench::write_keygen_table(cells, out);
  auto lines = lines_of(out.str());
  CHECK(lines[0] == "DH modulus (safe prime) generation (openssl), wall seconds per key:");
  CHECK(words(lines[2]) == std::vector<std::string>{"1", "-*"});
  CHECK(words(lines[3]) == std::vector<std::string>{"2", "5.000", "s*"});
  CHECK(words(lines[9]) == std::vector<std::string>{"spread", "-"});
}

TEST_CASE("fast keys print three significant digits, not 0.000") {
  std::vector<bench::keygen_cell> cells{make_cell(key_algorithm::x25519, 0, 1, 1000, 0.0412)};
  std::ostringstream out;
  bench::write_keygen_table(cells, out);
  auto lines = lines_of(out.str());
  CHECK(words(lines[1]) == std::vector<std::string>{"threads", "x25519"});
  CHECK(words(lines[2]) == std::vector<std::string>{"1", "0.0000412", "s"});
}

TEST_CASE("json carries raw durations, derived figures and spreads") {
  auto cells = hand_cells();
  cells[3] = make_cell(key_algorithm::rsa, 2048, 2, 3, 9.0, true, 4);
  std::ostringstream out;
  bench::write_keygen_json(cells, bench::machine_info{}, out);
  auto doc = nlohmann::json::parse(out.str());
  CHECK(doc["tool"]["benchmark"] == "keygen");
  REQUIRE(doc["results"].size() == 4);
  const auto& r = doc["results"][2];
  CHECK(r["params"]["bits"] == 1024);
  CHECK(r["params"]["threads"] == 2);
  CHECK(r["wall_s_per_key"].get<double>() == doctest::Approx(0.6));
  CHECK(r["thread_s_per_key"].get<double>() == doctest::Approx(1.2));
  CHECK(r["raw"]["key_s"].size() == 10);
  CHECK(doc["results"][3]["partial"] == true);
  CHECK(doc["results"][3]["params"]["keys"] == 4);
  CHECK(doc["results"][3]["keys"] == 3);
  REQUIRE(doc["tables"].size() == 1);
  const auto& spread = doc["tables"][0]["spread"];
  CHECK(spread[0]["bits"] == 1024);
  CHECK(spread[0]["spread"].get<double>() == doctest::Approx(0.1 / 1.1));
  CHECK(spread[0]["max_over_min"].get<double>() == doctest::Approx(0.2));
  CHECK(spread[1]["partial"] == true);
}

TEST_CASE("csv has one row per cell and markdown the seed's table shape") {
  auto cells = hand_cells();
  std::ostringstream csv;
  bench::write_keygen_csv(cells, csv);
  auto rows = lines_of(csv.str());
  REQUIRE(rows.size() == 5);
  CHECK(rows[0].rfind("algorithm,bits,backend,threads,", 0) == 0);
  CHECK(rows[3] == "rsa,1024,openssl,2,10,10,false,6.000000,0.600000,1.200000,2,0");

  cells[3] = make_cell(key_algorithm::rsa, 2048, 2, 3, 9.0, true, 4);
  std::ostringstream md;
  bench::write_keygen_markdown(cells, md);
  auto text = md.str();
  CHECK(text.find("| threads | 1024 bits | 2048 bits |\n|---|---:|---:|\n") != std::string::npos);
  CHECK(text.find("| 1 | 1.000 s | 5.000 s |") != std::string::npos);
  CHECK(text.find("| 2 | 1.200 | 6.000\\* |") != std::string::npos);
  CHECK(text.find("| spread | 9.09% | 9.09%\\* |") != std::string::npos);
  CHECK(text.find("\\* partial: rsa-2048") != std::string::npos);
}

TEST_CASE("estimates count rounds of one key per thread") {
  // 10 keys on 4 threads with 4 cores: 3 rounds of 2 s.
  CHECK(bench::estimate_seconds(2.0, 10, 4, 4) == doctest::Approx(6.0));
  // 8 threads on 2 cores: 2 rounds, each 4 times as long.
  CHECK(bench::estimate_seconds(1.0, 16, 8, 2) == doctest::Approx(8.0));
  CHECK(bench::estimate_seconds(1.0, 0, 1, 1) == 0);
  CHECK(bench::scale_seconds_per_key(key_algorithm::rsa, 1024, 1.0, 2048)
        == doctest::Approx(std::pow(2.0, 3.5)));
  CHECK(bench::scale_seconds_per_key(key_algorithm::ec, 256, 1.0, 384) == 1.0);
}

TEST_CASE("calibration times real keys, and refuses bad requests") {
  auto spk = bench::calibrate_seconds_per_key({key_algorithm::ec, 256, "openssl"},
                                              std::chrono::milliseconds{20});
  REQUIRE(spk);
  CHECK(*spk > 0);
  auto bad = bench::calibrate_seconds_per_key({key_algorithm::rsa, 100, "openssl"});
  REQUIRE_FALSE(bad);
  CHECK(bad.err().code == bench::errc::bad_input);
}
