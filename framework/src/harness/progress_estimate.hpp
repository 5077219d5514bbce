#pragma once

#include <cstddef>
#include <vector>

namespace actorbench::bench {

/// The seconds left of an invocation, from what each configuration's runs
/// took so far (their median wall time), or before any of its runs from its
/// cost_hint scaled by what the measured configurations took per hinted
/// unit: 2048-bit keys count about 8x 1024-bit ones from the first run on.
class progress_estimate {
 public:
  /// One relative cost per configuration (scenario_session::cost_hint).
  explicit progress_estimate(std::vector<double> hints);

  /// Adds a configuration (a search probe) with its hint; returns its index.
  std::size_t add(double hint);

  /// A run of `config` took `wall_s`; warm-ups count only until a measured
  /// run exists, since they are often slower.
  void record(std::size_t config, double wall_s, bool warmup);

  /// The expected wall time of one more run of `config`; 0 while nothing
  /// at all was measured.
  double cost(std::size_t config) const;

  /// The expected seconds of `remaining[i]` more runs of each configuration.
  double seconds_left(const std::vector<std::size_t>& remaining) const;

 private:
  /// The median of the runs of `config` that count; negative when none.
  double measured(std::size_t config) const;

  std::vector<double> hints_;
  std::vector<std::vector<double>> warmups_;
  std::vector<std::vector<double>> runs_;
};

} // namespace actorbench::bench
