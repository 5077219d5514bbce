#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>

namespace actorbench::actors {

/// Counts events down to zero from any thread and records when zero was
/// reached; waiters always give a time limit.
class countdown_latch {
 public:
  using clock = std::chrono::steady_clock;

  explicit countdown_latch(std::size_t count) : remaining_(count) {}

  /// Counts `n` events; the last one stamps the time and wakes waiters.
  /// True for the call that reached zero.
  bool count_down(std::size_t n = 1) noexcept {
    if (remaining_.fetch_sub(n, std::memory_order_acq_rel) != n)
      return false;
    std::lock_guard<std::mutex> guard{mtx_};
    reached_at_ = clock::now();
    reached_ = true;
    cv_.notify_all();
    return true;
  }

  /// Waits until zero or `limit`; true if zero was reached.
  bool wait_for(clock::duration limit) {
    std::unique_lock<std::mutex> guard{mtx_};
    return cv_.wait_for(guard, limit, [this] { return reached_; });
  }

  /// Waits until zero or `deadline`; true if zero was reached.
  bool wait_until(clock::time_point deadline) {
    std::unique_lock<std::mutex> guard{mtx_};
    return cv_.wait_until(guard, deadline, [this] { return reached_; });
  }

  /// Counts `count` events again, for reuse round after round. Only while
  /// nobody counts down: after wait_for returned true and before the next
  /// round's events can happen.
  void reset(std::size_t count) {
    std::lock_guard<std::mutex> guard{mtx_};
    remaining_.store(count, std::memory_order_release);
    reached_ = false;
  }

  /// Events still outstanding.
  std::size_t remaining() const noexcept { return remaining_.load(std::memory_order_acquire); }

  /// When zero was reached; valid after wait_for returned true.
  clock::time_point reached_at() const {
    std::lock_guard<std::mutex> guard{mtx_};
    return reached_at_;
  }

 private:
  std::atomic<std::size_t> remaining_;
  mutable std::mutex mtx_;
  std::condition_variable cv_;
  bool reached_ = false;
  clock::time_point reached_at_;
};

} // namespace actorbench::actors
