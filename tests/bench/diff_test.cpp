#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "bench/diff.hpp"

using namespace actorbench::bench;

namespace {

fanout_result make_result(std::size_t procs, bool crypto, std::vector<double> samples) {
  fanout_result r;
  r.procs = procs;
  r.crypto = crypto;
  r.backend = "openssl";
  r.cipher = "aes-128-ctr";
  r.runs = samples.size();
  r.threads = 4;
  r.policy = "stealing";
  r.spawn = "chain";
  r.context = "per-actor";
  r.spawn_s = r.teardown_s = samples;
  r.samples_s = std::move(samples);
  return r;
}

std::vector<double> around(double centre, std::size_t n) {
  std::vector<double> out;
  for (std::size_t i = 0; i < n; ++i)
    out.push_back(centre + 0.001 * static_cast<double>(i % 5) - 0.002);
  return out;
}

// OLD: 100000 procs crypto on (0.22 s), 10000 procs crypto on (0.05 s).
// NEW: the same two in the other order, the first got faster (0.18 s), and
//      100000 procs crypto off, which OLD did not measure.
struct two_runs {
  report old_report;
  report new_report;
  two_runs() {
    old_report.results = {make_result(100000, true, around(0.22, 10)),
                          make_result(10000, true, around(0.05, 10))};
    new_report.results = {make_result(10000, true, around(0.05, 10)),
                          make_result(100000, true, around(0.18, 10)),
                          make_result(100000, false, around(0.12, 10))};
  }
};

std::string write(const std::vector<diff_entry>& entries, output_format format) {
  std::ostringstream out;
  write_diff(entries, out, format);
  return out.str();
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("results are matched by their parameters, new-only ones come last") {
  two_runs runs;
  auto entries = diff_reports(runs.old_report, runs.new_report);
  REQUIRE(entries.size() == 3);

  REQUIRE(entries[0].old_result);
  REQUIRE(entries[0].new_result);
  CHECK(entries[0].old_result->procs == 100000);
  CHECK(entries[0].new_result->procs == 100000);
  CHECK(entries[0].new_result->crypto);
  // Labels name what differs among the entries, as result_labels does.
  auto labels =
    result_labels({*entries[0].new_result, *entries[1].new_result, *entries[2].new_result});
  CHECK(entries[0].label == labels[0]);
  CHECK(entries[1].label == labels[1]);
  CHECK(entries[2].label == labels[2]);
  CHECK(contains(entries[0].label, "100000 procs"));
  CHECK(contains(entries[1].label, "10000 procs"));

  REQUIRE(entries[1].old_result);
  REQUIRE(entries[1].new_result);
  CHECK(entries[1].old_result->procs == 10000);
  CHECK(entries[1].new_result->procs == 10000);

  CHECK_FALSE(entries[2].old_result);
  REQUIRE(entries[2].new_result);
  CHECK_FALSE(entries[2].new_result->crypto);
  CHECK_FALSE(entries[2].change);
  CHECK(contains(entries[2].label, "crypto off"));
}

TEST_CASE("faster means the new run is faster") {
  two_runs runs;
  auto entries = diff_reports(runs.old_report, runs.new_report);
  REQUIRE(entries[0].change);
  CHECK(entries[0].change->speed.faster);
  CHECK(entries[0].change->speed.value == doctest::Approx(0.22 / 0.18).epsilon(0.01));
  CHECK(entries[0].change->p_value < 0.01);
  CHECK_FALSE(entries[0].change->few_samples);

  // The other way round it is slower by the same factor.
  auto back = diff_reports(runs.new_report, runs.old_report);
  REQUIRE(back.size() == 3);
  CHECK(back[1].new_result->procs == 100000);
  REQUIRE(back[1].change);
  CHECK_FALSE(back[1].change->speed.faster);
  CHECK(back[1].change->speed.value == doctest::Approx(0.22 / 0.18).epsilon(0.01));
  // NEW's crypto-off result is now only in OLD.
  CHECK(back[2].old_result);
  CHECK_FALSE(back[2].new_result);
}

TEST_CASE("crypto off matches whatever cipher it was configured with") {
  report a, b;
  a.results = {make_result(10, false, {0.1, 0.1})};
  b.results = {make_result(10, false, {0.1, 0.1})};
  b.results[0].backend = "sodium";
  b.results[0].cipher = "xchacha20";
  b.results[0].context = "per-message";
  auto entries = diff_reports(a, b);
  REQUIRE(entries.size() == 1);
  CHECK(entries[0].change);

  b.results[0].crypto = a.results[0].crypto = true;
  CHECK(diff_reports(a, b).size() == 2);
}

TEST_CASE("the table has one line per entry with medians, ratio and p") {
  two_runs runs;
  auto entries = diff_reports(runs.old_report, runs.new_report);
  auto text = write(entries, output_format::table);
  CHECK(contains(text, entries[0].label
                         + ": 0.2200 s -> 0.1800 s median, 1.22 \xc2\xb1 0.01x "
                           "faster, p = 0.000173\n"));
  CHECK(contains(text, entries[1].label
                         + ": 0.0500 s -> 0.0500 s median, 1.00 \xc2\xb1 0.04x "
                           "slower, p = 1\n"));
  CHECK(contains(text, entries[2].label + ": only in NEW, 0.1200 s median\n"));
  CHECK_FALSE(contains(text, "unreliable"));
  CHECK(std::count(text.begin(), text.end(), '\n') == 3);

  auto back_entries = diff_reports(runs.new_report, runs.old_report);
  auto back = write(back_entries, output_format::table);
  CHECK(contains(back, back_entries[2].label + ": only in OLD, 0.1200 s median\n"));
  CHECK(contains(back, "0.1800 s -> 0.2200 s median, 1.22 \xc2\xb1 0.01x slower"));
}

TEST_CASE("fewer than 9 runs on either side make p unreliable") {
  report a, b;
  a.results = {make_result(10, true, around(0.2, 10))};
  b.results = {make_result(10, true, around(0.1, 8))};
  auto text = write(diff_reports(a, b), output_format::table);
  CHECK(contains(text, ", p = "));
  CHECK(contains(text, " (fewer than 9 runs: p is unreliable)\n"));
}

TEST_CASE("markdown, json and csv carry the same entries") {
  two_runs runs;
  auto entries = diff_reports(runs.old_report, runs.new_report);

  auto md = write(entries, output_format::markdown);
  CHECK(contains(md, "| configuration | old median (s) | new median (s) |"));
  CHECK(contains(md, "| " + entries[0].label
                       + " | 0.2200 | 0.1800 | 1.22 \xc2\xb1 0.01x faster | "
                         "0.000173 |\n"));
  CHECK(contains(md, "| " + entries[2].label + " |  | 0.1200 | only in NEW |  |\n"));
  CHECK(std::count(md.begin(), md.end(), '\n') == 5);

  auto doc = nlohmann::json::parse(write(entries, output_format::json));
  REQUIRE(doc.is_array());
  REQUIRE(doc.size() == 3);
  CHECK(doc[0]["label"] == entries[0].label);
  CHECK(doc[0]["params"]["procs"] == 100000);
  CHECK(doc[0]["old"]["median_s"].get<double>() == doctest::Approx(0.22));
  CHECK(doc[0]["new"]["median_s"].get<double>() == doctest::Approx(0.18));
  CHECK(doc[0]["change"]["faster"] == true);
  CHECK(doc[0]["only_in"].is_null());
  CHECK(doc[2]["old"].is_null());
  CHECK(doc[2]["change"].is_null());
  CHECK(doc[2]["only_in"] == "new");

  auto csv = write(entries, output_format::csv);
  std::istringstream lines{csv};
  std::string header, first, second, third;
  std::getline(lines, header);
  std::getline(lines, first);
  std::getline(lines, second);
  std::getline(lines, third);
  CHECK(header.rfind("scenario,procs,crypto,backend,cipher,threads,policy,spawn,", 0) == 0);
  CHECK(first.rfind(
          "fanout,100000,on,openssl,aes-128-ctr,4,stealing,chain,per-actor,10,0.22,10,0.18,", 0)
        == 0);
  CHECK(contains(first, ",true,"));
  CHECK(third.rfind("fanout,100000,off,", 0) == 0);
  CHECK(contains(third, ",,10,0.12,,,,,,new"));
  auto commas = [](const std::string& s) { return std::count(s.begin(), s.end(), ','); };
  CHECK(commas(first) == commas(header));
  CHECK(commas(third) == commas(header));
}

TEST_CASE("empty reports give no entries") {
  CHECK(diff_reports(report{}, report{}).empty());
  CHECK(write({}, output_format::table).empty());
  CHECK(nlohmann::json::parse(write({}, output_format::json)).empty());
}
