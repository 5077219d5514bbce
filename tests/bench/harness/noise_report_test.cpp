#include <doctest/doctest.h>

#include <cmath>

#include "harness/noise_monitor.hpp"
#include "harness/noise_report.hpp"
#include "harness/run_noise.hpp"

#include <cmath>

using namespace actorbench::bench;

namespace {

/// A record of two CPUs: the probe before the first round, then one after
/// each round, each probe's slowest CPU taking `ms[i]`.
noise_record record_of(const std::vector<double>& ms) {
  noise_record r;
  r.cpus = {0, 1};
  for (std::size_t i = 0; i < ms.size(); ++i) {
    noise_sample s;
    if (i > 0)
      s.after_round = i - 1;
    s.cpu_ms = {ms[i] * 0.98, ms[i]};
    r.samples.push_back(s);
  }
  return r;
}

} // namespace

TEST_CASE("noise report: a quiet host warns about nothing") {
  auto r = record_of({3.0, 3.05, 2.98, 3.1, 3.02, 2.95, 3.0, 3.04, 3.3, 2.9});
  auto s = summarize_noise(r);
  CHECK(s.probes == 10);
  CHECK(s.median_ms == doctest::Approx(3.01));
  CHECK(s.slow_rounds.empty());
  CHECK(s.fast_rounds.empty());
  CHECK(noise_warning(r, s).empty());
  REQUIRE(s.worst_round);
  CHECK(*s.worst_round == 7); // the probe of 3.3 ms followed round 8 (from 0: 7)
  CHECK(noise_footer(r, s)
        == "host: probe median 3.01 ms (2 CPUs), spread ±1.2%, drift +1.3%, worst round 8 (1.10x)");
}

TEST_CASE("noise report: the slowest CPU is a probe's time") {
  noise_sample s;
  s.cpu_ms = {3.0, 5.5, 2.9};
  CHECK(probe_ms(s) == 5.5);
  CHECK(std::isnan(probe_ms(noise_sample{})));
}

TEST_CASE("noise report: the rounds off by more than the margin are named, as ranges") {
  auto r = record_of({3, 3, 3, 3, 3, 3, 3, 5.4, 4.2, 3, 3, 3, 4, 3, 3});
  auto s = summarize_noise(r);
  CHECK(s.slow_rounds == std::vector<std::size_t>{6, 7, 11});
  CHECK(s.slow_ratio == doctest::Approx(1.8));
  CHECK(s.fast_rounds.empty());
  CHECK(*s.worst_round == 6);
  CHECK(noise_warning(r, s)
        == "host noise: probe 1.8x slower during rounds 7-8, 12 (more than 25% off its median);"
           " other work on the machine may have disturbed those rounds' runs");
  CHECK(noise_footer(r, s).find("worst round 7 (1.8x)") != std::string::npos);
}

TEST_CASE("noise report: faster rounds are named apart, and the margin is the record's") {
  auto r = record_of({3, 3, 3, 2, 3, 3, 3.5});
  auto s = summarize_noise(r);
  CHECK(s.fast_rounds == std::vector<std::size_t>{2});
  CHECK(s.slow_rounds.empty()); // 3.5 is 17% off, within 25%
  CHECK(noise_warning(r, s).find("1.5x faster during round 3") != std::string::npos);
  r.margin = 0.1;
  s = summarize_noise(r);
  CHECK(s.slow_rounds == std::vector<std::size_t>{5});
  CHECK(noise_warning(r, s).find("probe 1.2x slower during round 6, 1.5x faster during round 3")
        != std::string::npos);
}

TEST_CASE("noise report: repeated rounds count, their discarded probes are not named") {
  auto r = record_of({3, 3, 9, 3, 3});
  r.samples[2].discarded = true; // round 1's first try; samples[3] is its repeat
  r.samples[3].after_round = 1;
  r.max_noise = 0.1;
  auto s = summarize_noise(r);
  CHECK(s.slow_rounds.empty());
  CHECK(s.repeated_rounds == 1);
  CHECK(s.repeats == 1);
  CHECK(noise_warning(r, s).empty());
  CHECK(
    noise_footer(r, s).find("; --max-noise 10% repeated 1 round (1 repeat, at most 3 per round)")
    != std::string::npos);
}

TEST_CASE("noise report: round ranges count from 1") {
  CHECK(round_ranges({}).empty());
  CHECK(round_ranges({0}) == "1");
  CHECK(round_ranges({0, 1, 2, 4, 6, 7}) == "1-3, 5, 7-8");
  CHECK(off_by_more(4, 3, 0.25));
  CHECK_FALSE(off_by_more(3.7, 3, 0.25));
  CHECK(off_by_more(2.2, 3, 0.25));
}

TEST_CASE("noise report: no probes is said, not divided by") {
  noise_record r;
  auto s = summarize_noise(r);
  CHECK(s.probes == 0);
  CHECK(noise_footer(r, s) == "host: no probes");
  CHECK(noise_warning(r, s).empty());
}

namespace {

/// Results of one configuration with one run per round so far.
struct fake_rounds {
  scenario_results results;
  std::vector<double> probes; // the slowest CPU's time of each probe, in turn
  std::size_t probed = 0;
  std::size_t reruns = 0;

  fake_rounds() { results.configurations.resize(1); }
  noise_monitor::probe_fn probe() {
    return [this](noise_record&) {
      auto ms = probes.at(probed++);
      noise_sample s;
      s.cpu_ms = {ms, ms};
      return s;
    };
  }
  void add_run(std::size_t round) {
    run_result run;
    run.round = round;
    run.index = results.configurations[0].runs.size();
    results.configurations[0].runs.push_back(run);
  }
  result<bool> round(noise_monitor& m, std::size_t r) {
    add_run(r);
    return m.after_round(r, true, [this, r]() -> result<bool> {
      ++reruns;
      add_run(r);
      return true;
    });
  }
};

} // namespace

TEST_CASE("noise monitor: --max-noise repeats a noisy round, its runs kept apart") {
  fake_rounds f;
  f.probes = {3, 3, 9, 3, 3};
  harness_settings settings;
  settings.max_noise = 0.2;
  noise_monitor m{settings, f.results, f.probe()};
  for (std::size_t r = 0; r < 3; ++r)
    REQUIRE(f.round(m, r));
  CHECK(f.reruns == 1);
  CHECK(f.probed == 5);
  const auto& runs = f.results.configurations[0].runs;
  REQUIRE(runs.size() == 3);
  CHECK(runs[1].round == 1);
  CHECK(runs[1].index == 1);
  REQUIRE(f.results.noise);
  const auto& noise = *f.results.noise;
  REQUIRE(noise.discarded.size() == 1);
  CHECK(noise.discarded[0].configuration == 0);
  CHECK(noise.discarded[0].run.round == 1);
  CHECK(noise.samples[2].discarded);
  CHECK_FALSE(noise.samples[3].discarded);
  CHECK(*noise.samples[3].after_round == 1);
}

TEST_CASE("noise monitor: repeats are bounded, and off without --max-noise") {
  fake_rounds f;
  f.probes = {3, 3, 3, 3, 3, 9, 9, 9, 9};
  harness_settings settings;
  settings.max_noise = 0.2;
  noise_monitor m{settings, f.results, f.probe()};
  for (std::size_t r = 0; r < 5; ++r)
    REQUIRE(f.round(m, r));
  CHECK(f.reruns == 3); // max_repeats
  CHECK(f.results.noise->discarded.size() == 3);
  // Still noisy after the last repeat: the warning names it.
  CHECK(summarize_noise(*f.results.noise).slow_rounds == std::vector<std::size_t>{4});

  fake_rounds quiet;
  quiet.probes = {3, 9};
  noise_monitor plain{harness_settings{}, quiet.results, quiet.probe()};
  REQUIRE(quiet.round(plain, 0));
  CHECK(quiet.reruns == 0);
  CHECK(quiet.results.noise->samples.size() == 2);
}

TEST_CASE("noise monitor: --noise-probe off probes nothing") {
  fake_rounds f;
  harness_settings settings;
  settings.noise_probe = false;
  noise_monitor m{settings, f.results, f.probe()};
  REQUIRE(f.round(m, 0));
  CHECK(f.probed == 0);
  CHECK_FALSE(f.results.noise);
}

TEST_CASE("noise report: the footer says what the probe's time means") {
  auto r = record_of({12, 11.8, 12.2, 12});
  r.quiet_ms = 3.0;
  // The slowest CPU got 9.6-10 ms of its 11.8-12.2: it waited 20% for its CPU at the median.
  for (auto& sample : r.samples)
    sample.on_cpu_ms = {sample.cpu_ms[0], sample.cpu_ms[1] * 0.8};
  auto s = summarize_noise(r);
  CHECK(s.median_wait == doctest::Approx(1.25));
  CHECK(noise_footer(r, s)
        == "host: the probe, a fixed piece of CPU and memory work (3 ms of CPU with its data "
           "cached), took 12 ms at the median (2 CPUs), waiting for its CPU 20% of that time; "
           "spread ±0.8%, drift +0.0%, worst round 1 (0.98x the median)");
  // Files without the probes' CPU times give the bare median.
  for (auto& sample : r.samples)
    sample.on_cpu_ms.clear();
  CHECK(noise_footer(r, summarize_noise(r)).rfind("host: probe median 12 ms (2 CPUs), spread", 0)
        == 0);
}

TEST_CASE("noise report: a probe's wait ratio is its worst CPU's wall over CPU time") {
  noise_sample s;
  s.cpu_ms = {3.0, 9.0};
  CHECK(std::isnan(probe_wait_ratio(s)));
  s.on_cpu_ms = {3.0, 3.0};
  CHECK(probe_wait_ratio(s) == doctest::Approx(3.0));
  s.on_cpu_ms = {1.0, 9.0};
  CHECK(probe_wait_ratio(s) == doctest::Approx(3.0));
}

namespace {

run_result run_in_round(std::size_t round, double wall_s, run_noise n) {
  run_result r;
  r.round = round;
  r.wall_s = wall_s;
  r.noise = n;
  return r;
}

} // namespace

TEST_CASE("run noise: the runs' evidence in words, quiet and noisy") {
  std::vector<run_result> runs;
  for (std::size_t round = 0; round < 6; ++round)
    runs.push_back(run_in_round(round, 0.5, run_noise{2, 0.0, 2, false}));
  runs.push_back(run_result{}); // a run from before the evidence: left out
  std::vector<const run_result*> all;
  for (const auto& r : runs)
    all.push_back(&r);
  auto quiet = summarize_run_noise(all);
  CHECK(quiet.runs == 6);
  CHECK(quiet.noisy_runs == 0);
  CHECK(run_noise_line(quiet)
        == "runs: quiet: the hypervisor took 0.0% of the CPU time the runs could use, and their "
           "threads were preempted 4.0 times a second (a run is flagged noisy above 10% stolen, "
           "or above 50 switches a second while other processes use over 10% of its CPUs)");
  runs[2].noise = run_noise{2, 0.12, 150, true};
  runs[3].noise = run_noise{2, 0.12, 150, true};
  runs[4].noise = run_noise{2, 0.0, 30, true};
  auto noisy = summarize_run_noise(all);
  CHECK(noisy.noisy_rounds == std::vector<std::size_t>{2, 3, 4});
  CHECK(noisy.noisy_steal_share == doctest::Approx(0.08));
  CHECK(noisy.noisy_switch_rate_hz == doctest::Approx(220));
  CHECK(run_noise_line(noisy)
        == "runs: noisy in rounds 3-5 (3 of 6 runs): the hypervisor took 8.0% of the CPU time in "
           "those rounds and other work preempted the runs' threads 220 times a second (a run is "
           "flagged noisy above 10% stolen, or above 50 switches a second while other processes "
           "use over 10% of its CPUs); their figures may be slower than this host's quiet ones");
  CHECK(run_noise_line(summarize_run_noise(std::vector<const run_result*>{})).empty());
}

TEST_CASE("run noise: steal is read per CPU from /proc/stat's text") {
  const std::string stat = "cpu  100 0 50 900 0 0 0 40 0 0\n"
                           "cpu0 50 0 25 450 0 0 0 15 0 0\n"
                           "cpu1 50 0 25 450 0 0 0 25 0 0\n"
                           "intr 12345\n";
  CHECK(steal_ticks(stat, {0, 1}) == 40);
  CHECK(steal_ticks(stat, {1}) == 25);
  CHECK(std::isnan(steal_ticks(stat, {2})));
  CHECK(std::isnan(steal_ticks("cpu0 1 2 3\n", {0})));
  CHECK(busy_ticks(stat, {0, 1}) == 150);
  CHECK(busy_ticks(stat, {0}) == 75);
  // And the process's own counters read now.
  auto now = read_noise_counters();
  CHECK_FALSE(now.cpus.empty());
  CHECK(std::isfinite(now.steal_s));
}

TEST_CASE("run noise: a run is flagged by its steal share or its switch rate") {
  noise_counters before{{0, 1}, 10.0, 100, 50.0, {1.0, 0}};
  // 1 s on 2 CPUs: 0.3 s stolen is 15%, above 10% even less a tick per CPU.
  auto stolen = noise_between(before, {{0, 1}, 10.3, 101, 50.0, {1.0, 0}}, 1.0);
  CHECK(stolen.cpus == 2);
  CHECK(stolen.steal_s == doctest::Approx(0.3));
  CHECK(stolen.involuntary_switches == 1);
  CHECK(stolen.noisy);
  CHECK(steal_share(stolen, 1.0) == doctest::Approx(0.15));
  // 0.03 s of a 0.1 s run on 2 CPUs is 15%, but less a tick per CPU only 5%.
  CHECK_FALSE(noise_between(before, {{0, 1}, 10.03, 100, 50.0, {1.0, 0}}, 0.1).noisy);
  // 250 switches a second while other processes used 0.2 s of the 0.4 s.
  auto preempted = noise_between(before, {{0, 1}, 10.0, 150, 50.3, {1.1, 0}}, 0.2);
  CHECK(switch_rate_hz(preempted, 0.2) == doctest::Approx(250));
  CHECK(preempted.others_s == doctest::Approx(0.2));
  CHECK(others_share(preempted, 0.2) == doctest::Approx(0.5));
  CHECK(preempted.noisy);
  // As many switches with the CPUs' busy time all the run's own: its
  // threads preempted each other.
  auto itself = noise_between(before, {{0, 1}, 10.0, 150, 50.3, {1.3, 0}}, 0.2);
  CHECK(itself.others_s == doctest::Approx(0.0));
  CHECK_FALSE(itself.noisy);
  // Two switches in a millisecond say little.
  CHECK_FALSE(noise_between(before, {{0, 1}, 10.0, 102, 50.0, {1.0, 0}}, 0.001).noisy);
  CHECK_FALSE(noise_between(before, {{0, 1}, 10.0, 110, 50.0, {1.0, 0}}, 1.0).noisy);
  // The CPUs changed between the readings: steal unknown, not judged.
  auto moved = noise_between(before, {{0}, 20.0, 100, 50.0, {1.0, 0}}, 1.0);
  CHECK(std::isnan(moved.steal_s));
  CHECK_FALSE(moved.noisy);
}

TEST_CASE("noise monitor: --max-noise repeats a round with a run flagged noisy") {
  fake_rounds f;
  f.probes = {3, 3, 3, 3};
  harness_settings settings;
  settings.max_noise = 0.2;
  noise_monitor m{settings, f.results, f.probe()};
  REQUIRE(f.round(m, 0));
  // Round 1's run says another process preempted it; its repeat is quiet.
  f.add_run(1);
  f.results.configurations[0].runs.back().noise = run_noise{2, 0.0, 500, true};
  REQUIRE(m.after_round(1, true, [&f]() -> result<bool> {
    ++f.reruns;
    f.add_run(1);
    return true;
  }));
  CHECK(f.reruns == 1);
  REQUIRE(f.results.noise->discarded.size() == 1);
  CHECK(f.results.noise->discarded[0].run.noise->noisy);
  CHECK_FALSE(f.results.configurations[0].runs.back().noise);
}
