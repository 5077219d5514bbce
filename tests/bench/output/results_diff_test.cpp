#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "output/results_diff.hpp"
#include "output/results_merge.hpp"
#include "output/table_samples.hpp"

using namespace actorbench::bench;
using namespace actorbench::bench::testing;

namespace {

/// 1000 and 10000 procs, crypto off; times scaled by `factor`.
scenario_results two_scans(double factor, std::size_t runs = 10) {
  return sample_results(
    {sample_runs(sample_config(1000, false), times_near(0.0305 * factor, runs)),
     sample_runs(sample_config(10000, false), times_near(0.305 * factor, runs))});
}

diff_options fail_above(double pct) {
  diff_options o;
  o.fail_above_pct = pct;
  o.old_name = "old.json";
  o.new_name = "new.json";
  return o;
}

std::string diff_text(const results_diff& d, results_format f = results_format::table) {
  std::ostringstream out;
  write_results_diff(d, f, {}, out);
  return out.str();
}

/// The text with its wrapped lines joined again.
std::string unwrapped(std::string text) {
  for (auto at = text.find("\n    "); at != std::string::npos; at = text.find("\n    ", at))
    text.replace(at, 5, " ");
  return text;
}

} // namespace

TEST_CASE("20% slower regresses with fail_above 10") {
  auto d = diff_results(two_scans(1), two_scans(1.2), fail_above(10));
  REQUIRE(d);
  REQUIRE(d->matched.size() == 2);
  const auto& c = d->matched[0].metrics.at(0);
  CHECK(c.metric == "time_s");
  CHECK(c.change.ratio == doctest::Approx(1.2).epsilon(0.01));
  CHECK(c.change.low > 1);
  CHECK(c.regressed);
  CHECK(d->regressed());
  auto text = diff_text(*d);
  CHECK(text.find("1000 procs: 30.5 ms → 36.6 ms median, 1.20x slower [") != std::string::npos);
  CHECK(text.find("p < 0.001 (REGRESSION: > 10% worse)\n") != std::string::npos);
  CHECK(text.find("regression: a metric got more than 10% worse") != std::string::npos);
}

TEST_CASE("equal results do not regress; 20% faster does not either") {
  auto same = diff_results(two_scans(1), two_scans(1), fail_above(10));
  REQUIRE(same);
  CHECK_FALSE(same->regressed());
  CHECK(diff_text(*same).find("no regression above 10%") != std::string::npos);
  auto faster = diff_results(two_scans(1), two_scans(0.8), fail_above(10));
  REQUIRE(faster);
  CHECK_FALSE(faster->regressed());
  CHECK(diff_text(*faster).find("1.25x faster") != std::string::npos);
}

TEST_CASE("a higher-is-better metric regresses when it drops") {
  auto o = fail_above(10);
  o.metric = "replies_s";
  auto d = diff_results(two_scans(1), two_scans(1.2), o);
  REQUIRE(d);
  CHECK(d->matched[0].metrics.at(0).regressed);
  CHECK(diff_text(*d).find("slower") != std::string::npos);
  o.metric = "nonesuch";
  auto bad = diff_results(two_scans(1), two_scans(1), o);
  REQUIRE_FALSE(bad);
  CHECK(bad.err().code == errc::bad_input);
}

TEST_CASE("with one run a side the point estimate decides and says so") {
  auto d = diff_results(two_scans(1, 1), two_scans(1.2, 1), fail_above(10));
  REQUIRE(d);
  CHECK(d->matched[0].metrics.at(0).change.estimated_only);
  CHECK(d->regressed());
  CHECK(diff_text(*d).find("point estimate only") != std::string::npos);
}

TEST_CASE("configurations in one file only are listed, not failed") {
  auto nu = two_scans(1);
  nu.configurations.pop_back();
  nu.configurations.push_back(sample_runs(sample_config(1000, true), times_near(0.04, 5)));
  auto d = diff_results(two_scans(1), nu, fail_above(10));
  REQUIRE(d);
  CHECK(d->matched.size() == 1);
  CHECK(d->only_old == std::vector<std::string>{"10000 procs, crypto off"});
  CHECK(d->only_new == std::vector<std::string>{"1000 procs, crypto on, backend openssl"});
  CHECK_FALSE(d->regressed());
  auto text = diff_text(*d);
  CHECK(text.find("only in old.json: 10000 procs, crypto off") != std::string::npos);
}

TEST_CASE("different scenarios are bad input") {
  auto other = two_scans(1);
  other.scenario.name = "cipher";
  diff_options o;
  o.old_name = "a.json";
  o.new_name = "b.json";
  auto d = diff_results(other, two_scans(1), o);
  REQUIRE_FALSE(d);
  CHECK(d.err().message == "'a.json' holds cipher results and 'b.json' fanout results");
  auto merged = merge_results({{"a.json", other}, {"b.json", two_scans(1)}});
  REQUIRE_FALSE(merged);
  CHECK(merged.err().code == errc::bad_input);
}

TEST_CASE("the diff writes markdown, csv and json") {
  auto d = diff_results(two_scans(1), two_scans(1.2), fail_above(10));
  REQUIRE(d);
  auto md = diff_text(*d, results_format::markdown);
  CHECK(md.find("| configuration | metric | old.json | new.json | change | verdict |")
        != std::string::npos);
  auto csv = diff_text(*d, results_format::csv);
  CHECK(csv.find("configuration,metric,unit,old_median") == 0);
  CHECK(csv.find("\n1000 procs,time_s,s,") != std::string::npos);
  // The metric in words beside its name: "time" for time_s in seconds.
  CHECK(md.find("| 1000 procs | time | ") != std::string::npos);
  CHECK(csv.find(",regressed,title\n") != std::string::npos);
  auto json = diff_text(*d, results_format::json);
  CHECK(json.find("\"regressed\": true") != std::string::npos);
}

TEST_CASE("merged results label columns by file and configuration") {
  auto merged = merge_results({{"a.json", two_scans(1)}, {"b.json", two_scans(1.1)}});
  REQUIRE(merged);
  REQUIRE(merged->configurations.size() == 4);
  CHECK(merged->configurations[0].source == "a.json");
  CHECK(merged->configurations[3].source == "b.json");
  CHECK(merged->configurations[3].config.index == 3);
  std::ostringstream out;
  make_table_writer({})->write(*merged, out);
  auto text = out.str();
  CHECK(text.find("relative to a.json: 1000 procs") != std::string::npos);
  CHECK(text.find("b.json: 1000 procs: 1.10x slower") != std::string::npos);
  // After the comparison that leads, the files in their order.
  auto tables = text.substr(text.find("\n\n"));
  CHECK(tables.find("a.json") < tables.find("b.json"));
}

TEST_CASE("merged results lead with their comparison, as diff says it, the metric in words") {
  auto merged = merge_results({{"a.json", two_scans(1)}, {"b.json", two_scans(1.2)}});
  REQUIRE(merged);
  std::ostringstream out;
  make_table_writer({})->write(*merged, out);
  auto text = out.str();
  CHECK(text.rfind("b.json against a.json, time: 1000 procs: 30.5 ms → 36.6 ms median, 1.20x slower [",
                   0)
        == 0);
  CHECK(text.find("(worse beyond the 5% noise threshold)\n") != std::string::npos);
  // One file: its own verdict first, no comparison.
  std::ostringstream one;
  make_table_writer({})->write(two_scans(1), one);
  CHECK(one.str().find(" against ") == std::string::npos);
}

namespace {

/// two_scans with each run in its own round and noise evidence on every
/// run: quiet, except the rounds (from 0) in `noisy`.
scenario_results with_evidence(scenario_results r, const std::vector<std::size_t>& noisy = {}) {
  for (auto& c : r.configurations)
    for (auto& run : c.runs) {
      run.round = run.index;
      run.wall_s = 0.1;
      bool flagged = std::find(noisy.begin(), noisy.end(), run.round) != noisy.end();
      run.noise = run_noise{2, flagged ? 0.03 : 0.0, flagged ? 50u : 1u, flagged};
    }
  return r;
}

} // namespace

TEST_CASE("a noisy side makes a change inconclusive, named by file and rounds") {
  auto d = diff_results(with_evidence(two_scans(1), {2, 3, 4, 5}), with_evidence(two_scans(1.5)),
                        fail_above(10));
  REQUIRE(d);
  const auto& m = d->matched.at(0);
  CHECK(m.old_noisy_rounds == std::vector<std::size_t>{2, 3, 4, 5});
  CHECK(m.new_noisy_rounds.empty());
  CHECK(m.metrics.at(0).verdict == change_verdict::inconclusive);
  CHECK_FALSE(m.metrics.at(0).regressed);
  CHECK_FALSE(d->regressed());
  CHECK(d->inconclusive());
  auto text = unwrapped(diff_text(*d));
  CHECK(text.find("(inconclusive: old.json was noisy in rounds 3-6)") != std::string::npos);
  CHECK(text.find("inconclusive: 2 of 2 configurations, a side noisy; they fail only with --strict")
        != std::string::npos);
  // Each file's evidence, in words.
  CHECK(text.find("old.json: runs: noisy in rounds 3-6 (8 of 20 runs): the hypervisor took 15% of "
                  "the CPU time in those rounds and other work preempted the runs' threads 500 "
                  "times a second")
        != std::string::npos);
  CHECK(text.find("new.json: runs: quiet: the hypervisor took 0.0% of the CPU time the runs could "
                  "use, and their threads were preempted 10 times a second")
        != std::string::npos);
  auto json = diff_text(*d, results_format::json);
  CHECK(json.find("\"verdict\": \"inconclusive\"") != std::string::npos);
  CHECK(json.find("\"inconclusive\": true") != std::string::npos);

  // Both sides noisy: both named.
  auto both = diff_results(with_evidence(two_scans(1), {0}), with_evidence(two_scans(1), {6, 7}),
                           fail_above(10));
  REQUIRE(both);
  CHECK(unwrapped(diff_text(*both)).find("(inconclusive: old.json was noisy in round 1 and new.json in rounds "
                              "7-8)")
        != std::string::npos);
}

TEST_CASE("a quiet 20% slowdown regresses, and files without evidence count as quiet") {
  auto d = diff_results(with_evidence(two_scans(1)), with_evidence(two_scans(1.2)), fail_above(10));
  REQUIRE(d);
  CHECK(d->regressed());
  CHECK_FALSE(d->inconclusive());
  CHECK(d->matched.at(0).metrics.at(0).verdict == change_verdict::worse);
  auto older = diff_results(two_scans(1), two_scans(1.2), fail_above(10));
  REQUIRE(older);
  CHECK(older->regressed());
  CHECK(unwrapped(diff_text(*older)).find("old.json: no noise evidence (its runs did not record it)")
        != std::string::npos);
}

TEST_CASE("a change whose interval reaches into the noise threshold is no change") {
  // 3% slower, the interval about [1.02, 1.04]: inside 5%, beyond 1%.
  auto d = diff_results(with_evidence(two_scans(1)), with_evidence(two_scans(1.03)), fail_above(2));
  REQUIRE(d);
  const auto& c = d->matched.at(0).metrics.at(0);
  CHECK(c.change.low > 1);
  CHECK(c.verdict == change_verdict::within_noise);
  CHECK_FALSE(d->regressed());
  CHECK(unwrapped(diff_text(*d)).find("(within the 5% noise threshold)") != std::string::npos);
  auto o = fail_above(2);
  o.noise_threshold_pct = 1;
  auto tight = diff_results(with_evidence(two_scans(1)), with_evidence(two_scans(1.03)), o);
  REQUIRE(tight);
  CHECK(tight->matched.at(0).metrics.at(0).verdict == change_verdict::worse);
  CHECK(tight->regressed());
  // Faster beyond the threshold is an improvement, never a regression.
  auto faster = diff_results(with_evidence(two_scans(1)), with_evidence(two_scans(0.8)), o);
  REQUIRE(faster);
  CHECK(faster->matched.at(0).metrics.at(0).verdict == change_verdict::better);
  CHECK(unwrapped(diff_text(*faster)).find("(improvement beyond the 1% noise threshold)") != std::string::npos);
}

TEST_CASE("two single configurations that differ in their parameters are compared") {
  auto old = sample_results({sample_runs(sample_config(10000, false), times_near(0.3, 10))});
  auto nu = sample_results({sample_runs(sample_config(20000, false), times_near(0.6, 10))});
  auto d = diff_results(old, nu, fail_above(10));
  REQUIRE(d);
  REQUIRE(d->matched.size() == 1);
  CHECK(d->only_old.empty());
  CHECK(d->params_differ == "procs 10000 → 20000");
  CHECK(d->matched[0].label == "procs 10000 → 20000");
  CHECK(d->regressed());
  CHECK(unwrapped(diff_text(*d)).find("compared although their parameters differ: procs 10000 → 20000")
        != std::string::npos);
}
