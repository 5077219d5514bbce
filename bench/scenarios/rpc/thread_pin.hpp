#pragma once

#include <sched.h>

namespace actorbench::bench {

/// Pins the calling thread to one CPU while it lives, then gives it back the
/// CPUs it had: the rpc client's spinning thread gets a CPU of its own.
class thread_pin {
 public:
  explicit thread_pin(int cpu);
  ~thread_pin();
  thread_pin(const thread_pin&) = delete;
  thread_pin& operator=(const thread_pin&) = delete;

  /// Whether the pin took effect.
  bool pinned() const noexcept { return pinned_; }

 private:
  cpu_set_t before_;
  bool pinned_ = false;
};

} // namespace actorbench::bench
