#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "bench/harness/configuration.hpp"
#include "bench/harness/declaration.hpp"
#include "bench/harness/isolation.hpp"
#include "bench/harness/machine_info.hpp"
#include "bench/harness/measure_mode.hpp"
#include "bench/harness/run_record.hpp"

namespace actorbench::bench {

/// The binary that measured: written into every result.
struct tool_info {
  std::string name = "actorbench";
  std::string version;
  std::string git_commit = "unknown";
  std::string allocator;
};

/// How the harness ran the configurations (the command line's harness options).
struct harness_settings {
  std::size_t runs = 10;
  std::size_t warmup = 1;
  /// Add runs to a configuration until its measured runs total this many
  /// seconds of wall time (0: off), up to max_runs.
  double min_time_s = 0;
  std::size_t max_runs = 100000;
  /// Add runs to a configuration until its headline median's 95% interval
  /// lies within this fraction of the median (0.02 = --precision 2%), up to
  /// max_runs or time_limit_s; empty: off.
  std::optional<double> precision;
  /// End the command after this many seconds (0: no limit); the rest is partial.
  double time_limit_s = 0;
  /// Random order within each round instead of A B C, A B C.
  bool shuffle = false;
  std::uint64_t seed = 0;
  /// Index of the configuration the others are compared to.
  std::size_t reference = 0;
  std::optional<std::uint64_t> memory_budget_bytes;
  /// --isolate: the JSON keeps the mode ("isolation").
  isolation_settings isolation;
  /// --measure: time, or instructions (each run in a child under callgrind).
  measure_mode measure = measure_mode::time;
  /// A hidden test knob: busy work added per work unit (measure_options).
  std::uint64_t extra_work_per_unit = 0;
  /// Probe the host before the first round and after each (noise_probe.hpp).
  bool noise_probe = true;
  /// Repeat a round whose probe after it was off its median by more than
  /// this fraction (0.1 = --max-noise 10); empty: never repeat.
  std::optional<double> max_noise;
};

/// Evidence of other work on the CPUs during one run, beside its wall and
/// CPU time (bench/harness/run_noise.hpp says how it is read and judged).
struct run_noise {
  /// The CPUs this process may run on (sched_getaffinity): the run had
  /// wall_s times this many seconds of CPU time to use.
  std::size_t cpus = 0;
  /// Seconds of those CPUs the hypervisor gave to other guests during the
  /// run (their steal in /proc/stat, summed); NaN when unknown.
  double steal_s = 0;
  /// Times a thread of the process that ran it was preempted while it
  /// could still run (getrusage ru_nivcsw): another process, or another of
  /// its own threads, wanted the CPU.
  std::uint64_t involuntary_switches = 0;
  /// Its steal share or switch rate was above the limits (run_noise.hpp).
  bool noisy = false;
  /// Seconds of those CPUs that other processes used during the run: their
  /// busy time in /proc/stat less this process's own CPU time; NaN when
  /// unknown (and in files from before it was recorded).
  double others_s = std::numeric_limits<double>::quiet_NaN();
};

/// One run as the harness saw it: the scenario's record plus what the
/// harness measured around it, outside the scenario's own timing.
struct run_result {
  std::size_t index = 0;
  /// The interleaved round it was taken in.
  std::size_t round = 0;
  /// Seconds from the first run's start.
  double started_s = 0;
  double wall_s = 0;
  cpu_times cpu;
  std::optional<std::uint64_t> start_rss_bytes;
  std::optional<std::uint64_t> peak_rss_bytes;
  /// The one-minute load average before and after (NaN when unknown).
  double load_before = 0;
  double load_after = 0;
  /// With --isolate process: the untimed warm-up runs its child made before
  /// it (empty in-process).
  std::optional<std::size_t> child_warmups;
  /// Unset in files written before it was recorded.
  std::optional<run_noise> noise;
  run_record record;
};

/// One probe of the host (bench/harness/noise_probe.hpp): the same fixed
/// work timed once on each CPU the scheduler threads may use.
struct noise_sample {
  /// The measured round (from 0) it followed; empty: before the first round.
  std::optional<std::size_t> after_round;
  /// Milliseconds per CPU, in the order of noise_record::cpus.
  std::vector<double> cpu_ms;
  /// --max-noise repeated the round it followed: its runs were discarded.
  bool discarded = false;
  /// The CPU time the probe's thread got on each CPU; cpu_ms over it is
  /// how long the probe waited for its CPU. Empty in older files.
  std::vector<double> on_cpu_ms;
};

/// A run of a round that --max-noise repeated: kept for the record, in
/// no statistics.
struct discarded_run {
  /// Index into scenario_results::configurations.
  std::size_t configuration = 0;
  run_result run;
};

/// What the host noise monitor saw during one invocation.
struct noise_record {
  /// The CPUs probed, each by a short-lived thread pinned to it in turn.
  std::vector<int> cpus;
  /// Pinning worked; when false each probe ran unpinned.
  bool pinned = true;
  /// The calibrated work: units of a fixed integer/FP loop plus a walk
  /// over a buffer of buffer_bytes (bigger than L2).
  std::size_t work_units = 0;
  std::size_t buffer_bytes = 0;
  /// Milliseconds of CPU the work took when calibrated, its data cached
  /// (a probe after a run finds it evicted and takes longer); 0 in files
  /// written before it was recorded.
  double quiet_ms = 0;
  /// A round is named in the warning when its probe is more than this
  /// fraction off the median probe.
  double margin = 0.25;
  std::optional<double> max_noise;
  std::size_t max_repeats = 3;
  std::vector<noise_sample> samples;
  std::vector<discarded_run> discarded;
};

/// One configuration and its measured runs (warm-ups are not kept).
struct configuration_result {
  configuration config;
  /// report of several files: which file it came from; else empty.
  std::string source;
  by_name<fact> facts;
  std::vector<run_result> runs;
  /// Fewer runs than planned (stopped), or a run itself was partial.
  bool partial = false;
};

/// One probe of a search, in the order taken.
struct search_probe {
  std::int64_t value = 0;
  bool keeps_up = false;
  /// Index into scenario_results::configurations.
  std::size_t configuration = 0;
  /// The larger of the noise probes' wall over CPU time before and after
  /// it (noise_report.hpp, probe_wait_ratio); 0: not probed.
  double slowdown = 0;
  /// slowdown was above the rule's disturbed_slowdown, or run_queue_wait
  /// above its disturbed_wait: the probe does not
  /// count in the fit, and the search probes again.
  bool disturbed = false;
  /// The run's threads' run-queue wait over their CPU time, when the run
  /// reported it (thread_waits.hpp); NaN: not reported.
  double run_queue_wait = std::numeric_limits<double>::quiet_NaN();
};

/// The answer of a search (declaration::search).
struct search_result {
  std::string param;
  /// The largest value that kept up; 0 when none did.
  std::int64_t largest = 0;
  /// The smallest value that failed; 0 when none did.
  std::int64_t smallest_failing = 0;
  double resolution = 0;
  /// The search stopped at the memory budget, not at a failure.
  bool memory_bound = false;
  std::vector<search_probe> probes;
  /// The rule that decided each value from its probes.
  search_rule rule{};
  /// A value the rule left undecided, which ended the search (0: none):
  /// the boundary lies between largest and smallest_failing, unresolved.
  std::int64_t undecided = 0;
  /// The parameter's unit ("players") and what keeping up meant ("at 20 Hz
  /// with p99 under 50 ms and at most 1% of ticks missed"), for the answer.
  std::string unit{};
  std::string criterion{};
  /// The capacity as a probability (capacity_search.hpp): the largest value
  /// that keeps up in at least `keep_up` of probes, from a logistic fit in
  /// log-value over every counted probe, with its `confidence` interval.
  /// Empty `stop`: a file from the older rule (largest and smallest_failing
  /// decided value by value).
  std::string stop{};
  double keep_up = 0;
  double confidence = 0;
  /// The fit: capacity, interval (low 0 / high infinity: unbounded) and
  /// slope; all 0 when the counted probes never held a pass and a failure.
  double capacity = 0;
  double low = 0;
  double high = 0;
  double slope = 0;
  /// The length of one probe, e.g. "5 s"; empty when unknown.
  std::string probe_length{};
};

/// One file of a merged report (`report a.json b.json`): where and when it
/// was measured, which scenario_results keeps only once, from the first file.
struct results_source {
  std::string file;
  tool_info tool;
  std::string created;
  machine_info machine;
  std::optional<noise_record> noise;
  std::vector<std::string> command_line{};
  double load_start = 0;
  double load_end = 0;
};

/// Everything one invocation measured, with its context: what the JSON
/// holds (schema_version 2) and every reporter reads.
struct scenario_results {
  static constexpr int schema_version = 2;
  tool_info tool;
  /// UTC, ISO 8601: "2026-12-01T16:20:00Z".
  std::string created;
  std::vector<std::string> command_line;
  machine_info machine;
  double load_start = 0;
  double load_end = 0;
  declaration scenario;
  harness_settings harness;
  std::vector<configuration_result> configurations;
  /// Empty, or why the runs ended early: "signal 2", "time limit".
  std::string stopped;
  std::optional<search_result> search;
  /// The host noise monitor's probes; empty when off or for a search.
  std::optional<noise_record> noise;
  /// A merged report's files in order, each with its own context; empty
  /// for one run or one file.
  std::vector<results_source> sources;
};

} // namespace actorbench::bench
