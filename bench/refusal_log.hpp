#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "actors/remote/tls_monitor.hpp"

namespace actorbench::bench {

/// The lines a TLS server (`serve`, `node`) prints about the clients it
/// refused. Each refusal gets its own line, up to `full_lines` per
/// `interval`; the ones beyond are counted, and when the interval is over one
/// line gives their count and an example's peer and reason. A quiet server
/// thus shows every refusal, while a flood of failing connections costs at
/// most full_lines + 1 lines per interval instead of one each. Nothing is
/// lost from total().
class refusal_log {
 public:
  using clock = std::chrono::steady_clock;

  /// Lines start with `prefix`, e.g. "actorbench serve: ".
  explicit refusal_log(std::string prefix, std::size_t full_lines = 5,
                       clock::duration interval = std::chrono::seconds{10});

  /// The lines to print for `refused`, taken at `now`; also the count of an
  /// interval that is over, even when `refused` is empty (so call this
  /// regularly).
  std::vector<std::string> add(const actors::tls_monitor::refusals& refused, clock::time_point now);

  /// The count of the current interval still unprinted, if any (at the end).
  std::vector<std::string> finish();

  /// Every refusal added so far, printed in full or counted.
  std::size_t total() const noexcept { return total_; }

 private:
  std::string prefix_;
  std::size_t full_lines_;
  clock::duration interval_;
  clock::time_point interval_start_{};
  bool started_ = false;
  std::size_t shown_ = 0;       // in full, this interval
  std::size_t counted_ = 0;     // beyond those, this interval
  std::string example_;         // "peer: reason" of the last of those
  std::size_t total_ = 0;
};

} // namespace actorbench::bench
