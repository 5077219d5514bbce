#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace actorbench::bench {

/// The lines a server prints about events that can come in floods (refused
/// TLS clients, connections dropped for their BASP header). Each event gets
/// its own line, up to `full_lines` per `interval`; the ones beyond are
/// counted, and when the interval is over one line gives their count and an
/// example. A quiet server thus shows every event, while a flood costs at
/// most full_lines + 1 lines per interval. Nothing is lost from total().
class bounded_log {
 public:
  using clock = std::chrono::steady_clock;

  /// Lines start with `prefix`, e.g. "actorbench serve: "; `more(n)` words
  /// the start of a count line, e.g. "refused 245 more TLS clients".
  bounded_log(std::string prefix, std::function<std::string(std::size_t)> more,
              std::size_t full_lines = 5, clock::duration interval = std::chrono::seconds{10});

  /// Moves to `now`: an interval that is over ends with its count line, if
  /// any, and a new one begins. Call it before the events of `now`.
  std::vector<std::string> advance(clock::time_point now);

  /// One event: its line while the interval has room for it, otherwise
  /// counted, with `example` kept for the count line.
  std::optional<std::string> add(const std::string& line, std::string example);

  /// Events known only by their number (no line, no example).
  void count(std::size_t n);

  /// The count line of the current interval, if anything is counted (at the end).
  std::vector<std::string> finish();

  /// Every event so far, printed in full or counted.
  std::size_t total() const noexcept { return total_; }

 private:
  std::string prefix_;
  std::function<std::string(std::size_t)> more_;
  std::size_t full_lines_;
  clock::duration interval_;
  clock::time_point interval_start_{};
  bool started_ = false;
  std::size_t shown_ = 0;   // in full, this interval
  std::size_t counted_ = 0; // beyond those, this interval
  std::string example_;     // of the last of those
  std::size_t total_ = 0;
};

} // namespace actorbench::bench
