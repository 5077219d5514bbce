#pragma once

#include <chrono>
#include <cstddef>
#include <ostream>

namespace actorbench::bench {

/// A one-line progress bar with ETA, redrawn in place on a terminal. It
/// stays silent for the first second, so short work prints nothing.
class progress_bar {
 public:
  using clock = std::chrono::steady_clock;

  /// Draws to `out` (standard error, only when it is a terminal).
  explicit progress_bar(std::ostream& out, clock::duration quiet_for = std::chrono::seconds{1});

  /// Reports `done` of `total` steps; the ETA assumes each step costs the same.
  void update(std::size_t done, std::size_t total);

  /// Reports `done` of `total` steps with the caller's estimate of the time
  /// left (runs weighted by their measured cost).
  void update(std::size_t done, std::size_t total, double seconds_left);

  /// Clears the line if anything was drawn.
  void finish();

 private:
  std::ostream& out_;
  clock::time_point start_;
  clock::duration quiet_for_;
  bool drawn_ = false;
};

} // namespace actorbench::bench
