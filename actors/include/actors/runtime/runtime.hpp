#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>

namespace actorbench::actors {

/// How CAF's scheduler is set up for a run.
struct scheduler_settings {
  /// Worker threads; 0 means one per core (CAF itself would use max(cores, 4)).
  std::size_t threads = 0;
  /// "stealing" (CAF's default) or "sharing".
  std::string policy = "stealing";
  /// CPUs to pin the system's threads to, round robin; empty: not pinned.
  std::vector<int> cpus;
  /// CAF's scheduler with a clock that skips cancelling timeouts nobody set
  /// (see lean_scheduler.hpp); false: CAF's own.
  bool lean_clock = true;
};

/// Applies `settings` to `cfg`; returns the worker threads configured.
std::size_t configure_scheduler(caf::actor_system_config& cfg, const scheduler_settings& settings);

/// An actor system together with the configuration it refers to (CAF 0.17's
/// actor_system keeps a reference to its config, so the two live together).
class runtime {
 public:
  explicit runtime(const scheduler_settings& settings);
  ~runtime();

  runtime(const runtime&) = delete;
  runtime& operator=(const runtime&) = delete;

  caf::actor_system& system() noexcept { return *system_; }

  /// Worker threads actually configured.
  std::size_t threads() const noexcept { return threads_; }

 private:
  caf::actor_system_config config_;
  std::size_t threads_;
  std::unique_ptr<caf::actor_system> system_;
};

/// Cores this process may use.
std::size_t available_cores() noexcept;

} // namespace actorbench::actors
