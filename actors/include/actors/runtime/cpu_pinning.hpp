#pragma once

#include <atomic>
#include <cstddef>
#include <vector>

#include <caf/thread_hook.hpp>

namespace actorbench::actors {

/// Pins each thread the actor system starts to the next CPU of a list, round
/// robin (workers first, as CAF starts them, then its clock and other threads).
class cpu_pinning_hook : public caf::thread_hook {
 public:
  explicit cpu_pinning_hook(std::vector<int> cpus);

  void init(caf::actor_system&) override;
  void thread_started() override;
  void thread_terminates() override;

  /// Threads whose pinning the kernel refused.
  std::size_t failures() const noexcept { return failures_.load(); }

 private:
  std::vector<int> cpus_;
  std::atomic<std::size_t> next_{0};
  std::atomic<std::size_t> failures_{0};
};

/// Lets the calling thread run only on `cpus` (not empty); false if the
/// kernel refuses. Allocates nothing, so a forked child may call it.
bool pin_this_thread(const std::vector<int>& cpus);

/// The CPUs this process may run on, in ascending order.
std::vector<int> allowed_cpus();

} // namespace actorbench::actors
