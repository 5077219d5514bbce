#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// A run is flagged noisy when the hypervisor took more than this share of
/// the CPU time it could use: a quiet VM here steals well under 1%, and
/// /proc/stat counts in 10 ms ticks, too coarse to judge less.
constexpr double noisy_steal_share = 0.10;

/// ... or when its threads were preempted more often than this per second
/// of wall time (and more than twice) while other processes used more than
/// noisy_others_share of its CPUs. A CPU-bound thread sharing its CPU with
/// one busy process is preempted about once per scheduler period, 70-120
/// times a second here (bench/NOTEBOOK.md, "Noise evidence per run"); but a
/// run with more threads than CPUs preempts itself as often (a quiet
/// 10,000-actor fan-out: 120-490 a second), so the switches count only
/// when other work was there to preempt it.
constexpr double noisy_switch_rate_hz = 50;
constexpr double noisy_others_share = 0.10;

/// What the counters say at one moment.
struct noise_counters {
  std::vector<int> cpus;
  /// Steal of those CPUs so far, in seconds; NaN when /proc/stat is unreadable.
  double steal_s = 0;
  std::uint64_t involuntary_switches = 0;
  /// Busy time (user, nice, system, irq, softirq) of those CPUs so far, in
  /// seconds; NaN when unreadable.
  double busy_s = std::numeric_limits<double>::quiet_NaN();
  /// This process's own CPU time so far (the run's CPU time is the
  /// difference of two readings).
  cpu_times own_cpu;
};

/// Steal ticks (USER_HZ) of `cpus` summed from /proc/stat's text: each
/// "cpuN" line's 8th value. NaN when a CPU's line is missing or short.
double steal_ticks(const std::string& proc_stat, const std::vector<int>& cpus);

/// Busy ticks of `cpus`: user, nice, system, irq and softirq of each
/// "cpuN" line. NaN when a CPU's line is missing or short.
double busy_ticks(const std::string& proc_stat, const std::vector<int>& cpus);

/// The counters now, for the CPUs this process may run on and the
/// calling process's own involuntary switches (RUSAGE_SELF: a child of
/// --isolate process reads its own).
noise_counters read_noise_counters();

/// What changed between two readings around a run, judged noisy or not.
run_noise noise_between(const noise_counters& before, const noise_counters& after,
                        double wall_s);

/// The share of the CPU time the run could use (wall × CPUs) that the
/// hypervisor took; NaN when unknown.
double steal_share(const run_noise& n, double wall_s);

/// The share of the CPU time the run could use that other processes used;
/// NaN when unknown.
double others_share(const run_noise& n, double wall_s);

/// Involuntary switches per second of wall time.
double switch_rate_hz(const run_noise& n, double wall_s);

} // namespace actorbench::bench
