#include "harness/stop_watcher.hpp"

namespace actorbench::bench {

namespace {

// Short enough that a stop is seen within a blink, long enough to cost nothing.
constexpr auto poll_interval = std::chrono::milliseconds{5};

} // namespace

stop_watcher::stop_watcher(const std::atomic<bool>& caller,
                           std::chrono::steady_clock::time_point deadline)
  : caller_(caller), deadline_(deadline) {
  reason();
  thread_ = std::thread{[this] { watch(); }};
}

stop_watcher::~stop_watcher() {
  {
    std::lock_guard<std::mutex> guard{mutex_};
    done_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

std::string stop_watcher::reason() {
  std::lock_guard<std::mutex> guard{mutex_};
  if (reason_.empty()) {
    if (caller_.load())
      reason_ = "interrupted";
    else if (std::chrono::steady_clock::now() >= deadline_)
      reason_ = "time limit";
  }
  if (!reason_.empty())
    flag_ = true;
  return reason_;
}

void stop_watcher::watch() {
  for (;;) {
    {
      std::unique_lock<std::mutex> lock{mutex_};
      if (wake_.wait_for(lock, poll_interval, [this] { return done_; }))
        return;
    }
    reason();
  }
}

} // namespace actorbench::bench
