#pragma once

#include <string>

namespace actorbench::bench {

/// Which way a metric improves.
enum class better { lower, higher };

/// How one run's many events of a per-event metric reduce to the one value
/// the statistics across runs use.
enum class reduction { median, p99, p999, max, mean };

/// One declared metric of a scenario.
struct metric_decl {
  /// snake_case, e.g. "replies_s", "time_per_op", "latency_s".
  std::string name;
  /// In words for axes and titles, without the unit: "time per operation",
  /// "round trips per second"; empty: metric_title derives one from the name.
  std::string title;
  /// Base unit of every value: "s", "bytes", "1/s", "B/s", "ops/s" or ""
  /// for a count; tables choose the display unit (ms, MiB, k/s...).
  std::string unit;
  std::string help;
  better direction = better::lower;
  /// Exactly one metric per scenario is the headline: ratios, U tests, diff,
  /// --min-time and plots use it.
  bool headline = false;
  /// A time from the run's start at which something was done (spawn done,
  /// teardown done); tables show phases together.
  bool phase = false;
  /// A run records many values (one per tick, key, request) instead of one.
  bool per_event = false;
  /// For per_event metrics: what a run's values reduce to.
  reduction per_run = reduction::median;
};

/// The metric in words: its title, else its name with spaces, a rate's
/// "_s" read as "per second" ("hops_s", 1/s: "hops per second") and a
/// time's dropped ("elapsed_s", s: "elapsed").
std::string metric_title(const metric_decl& m);

/// A count that must stay 0 in every run (mismatches, missed checks); a
/// nonzero sum makes the results invalid and the command exit 1.
struct check_decl {
  std::string name;
  std::string help;
};

} // namespace actorbench::bench
