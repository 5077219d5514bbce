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

  /// Reports `done` of `total` steps.
  void update(std::size_t done, std::size_t total);

  /// Clears the line if anything was drawn.
  void finish();

 private:
  std::ostream& out_;
  clock::time_point start_;
  clock::duration quiet_for_;
  bool drawn_ = false;
};

} // namespace actorbench::bench
