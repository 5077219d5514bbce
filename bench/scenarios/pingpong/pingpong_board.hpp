#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "actors/error.hpp"

namespace actorbench::actors {

/// What one ping reports when its pair is done (or has failed).
struct pingpong_pair_result {
  /// Round trips whose echo came back (matching or not).
  std::uint64_t round_trips = 0;
  /// Echoes that were not the round-trip number sent.
  std::uint64_t mismatches = 0;
  /// When the ping checked its last echo.
  std::chrono::steady_clock::time_point finished;
  /// Sampled round-trip latencies, seconds.
  std::vector<double> latency_s;
  /// Set when the ping could not go on: a seal failed (crypto_failure) or
  /// its pong went down (node_failure).
  std::string failure;
  errc failure_code = errc::crypto_failure;
};

/// Where the pings of one run report, and the driving thread waits for
/// them: one slot per pair, written once by its ping.
class pingpong_board {
 public:
  explicit pingpong_board(std::size_t pairs) : results_(pairs), progress_(pairs) {}

  /// The ping of `pair` is done.
  void finish(std::size_t pair, pingpong_pair_result r) {
    std::lock_guard<std::mutex> guard{mx_};
    results_[pair] = std::move(r);
    if (++finished_ == results_.size())
      cv_.notify_all();
  }

  /// Now and then from a ping, so a timeout can say how far each pair got.
  void progress(std::size_t pair, std::uint64_t round_trips) noexcept {
    progress_[pair].store(round_trips, std::memory_order_relaxed);
  }

  std::uint64_t progress_of(std::size_t pair) const noexcept {
    return progress_[pair].load(std::memory_order_relaxed);
  }

  /// True once every pair finished within `timeout`.
  bool wait(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock{mx_};
    return cv_.wait_for(lock, timeout, [this] { return finished_ == results_.size(); });
  }

  /// The pairs' reports; read only after wait() returned true.
  const std::vector<pingpong_pair_result>& results() const noexcept { return results_; }

 private:
  std::mutex mx_;
  std::condition_variable cv_;
  std::vector<pingpong_pair_result> results_;
  std::vector<std::atomic<std::uint64_t>> progress_;
  std::size_t finished_ = 0;
};

} // namespace actorbench::actors
