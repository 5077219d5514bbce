#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace actorbench::bench {

/// One flag that becomes true when the caller's flag does (SIGINT) or the
/// deadline passes, so a scenario polls a single atomic in its hot loop. A
/// thread refreshes it every few milliseconds until destruction joins it.
class stop_watcher {
 public:
  stop_watcher(const std::atomic<bool>& caller, std::chrono::steady_clock::time_point deadline);
  ~stop_watcher();
  stop_watcher(const stop_watcher&) = delete;
  stop_watcher& operator=(const stop_watcher&) = delete;

  /// What run_context::stop() returns.
  const std::atomic<bool>& flag() const noexcept { return flag_; }
  std::chrono::steady_clock::time_point deadline() const noexcept { return deadline_; }

  /// Checks now: "" while running, else "interrupted" or "time limit"
  /// (the first cause seen stays).
  std::string reason();

 private:
  void watch();

  const std::atomic<bool>& caller_;
  std::chrono::steady_clock::time_point deadline_;
  std::atomic<bool> flag_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::string reason_;
  std::thread thread_;
};

} // namespace actorbench::bench
