#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// The margin by default: a round is named when its probe is more than
/// 25% off the median probe (a quiet run here stays within about 10%).
constexpr double default_noise_margin = 0.25;

/// A probe's time: its slowest CPU's, since one loaded CPU slows the
/// scheduler threads that run there.
double probe_ms(const noise_sample& s);

/// How much longer than its CPU time the probe took, on its worst CPU:
/// 1 when it never waited for its CPU, 2 when other threads, processes or
/// the hypervisor held the CPU as long as it worked. NaN in older files.
double probe_wait_ratio(const noise_sample& s);

/// How stable the host was over one invocation's probes.
struct noise_summary {
  std::size_t probes = 0;
  /// Median of the probes' times (NaN without probes).
  double median_ms = 0;
  /// Median of the probes' probe_wait_ratio (NaN in older files).
  double median_wait = 0;
  /// Median absolute deviation over the median: "spread ±2%".
  double spread = 0;
  /// Median of the last third of the probes over that of the first
  /// third, minus 1: "+1%" is the host slowing down during the run.
  double drift = 0;
  /// The measured round (from 0) whose probe after it was furthest off
  /// the median, either way, and its probe over the median.
  std::optional<std::size_t> worst_round;
  double worst_ratio = 1;
  /// Rounds whose (kept) probe was more than the margin slower, and
  /// faster, than the median, with the extreme ratio of each group.
  std::vector<std::size_t> slow_rounds;
  double slow_ratio = 1;
  std::vector<std::size_t> fast_rounds;
  double fast_ratio = 1;
  /// Rounds --max-noise repeated, and the repeats in all.
  std::size_t repeated_rounds = 0;
  std::size_t repeats = 0;
};

/// The statistics of a record's probes.
noise_summary summarize_noise(const noise_record& r);

/// Whether a probe of `ms` is more than `fraction` off `median`.
bool off_by_more(double ms, double median, double fraction);

/// Rounds (from 0) as the user counts them (from 1), runs joined: "7-8, 12".
std::string round_ranges(const std::vector<std::size_t>& rounds);

/// The table's footer line, in words: "host: the probe, a fixed piece of
/// CPU and memory work (3 ms of CPU with its data cached), took 9.8 ms at
/// the median (2 CPUs), waiting for its CPU 2% of that time; spread ±2%,
/// drift +1%, worst round 7 (1.4x the median)", and the repeats when there
/// were any.
std::string noise_footer(const noise_record& r, const noise_summary& s);

/// What the runs' own noise evidence (run_noise.hpp) says, over some runs.
struct run_noise_summary {
  /// Runs that carry evidence, and those of them flagged noisy.
  std::size_t runs = 0;
  std::size_t noisy_runs = 0;
  /// The rounds (from 0) with a noisy run, ascending.
  std::vector<std::size_t> noisy_rounds;
  /// Over all runs with evidence: steal over the CPU time they could use,
  /// and involuntary switches per second of wall time (NaN without runs).
  double steal_share = 0;
  double switch_rate_hz = 0;
  /// The same over the runs of the noisy rounds only.
  double noisy_steal_share = 0;
  double noisy_switch_rate_hz = 0;
};

/// The evidence of `runs` (those without any are left out).
run_noise_summary summarize_run_noise(const std::vector<const run_result*>& runs);

/// Every measured run of `r`.
run_noise_summary summarize_run_noise(const scenario_results& r);

/// "runs: noisy in rounds 3-5 (4 of 20 runs): the hypervisor took 12% of
/// the CPU time in those rounds and other work preempted their threads 240
/// times a second (a run is flagged above 10% or 100 a second)", or "runs:
/// quiet: ..."; empty when no run carries evidence.
std::string run_noise_line(const run_noise_summary& s);

/// "host noise: probe 1.8x slower during rounds 7-8" (and the faster
/// rounds); empty when no round was off by more than the margin.
std::string noise_warning(const noise_record& r, const noise_summary& s);

} // namespace actorbench::bench
