#include "actors/runtime/runtime.hpp"

#include "actors/runtime/cpu_pinning.hpp"
#include "actors/runtime/lean_scheduler.hpp"

#include <sched.h>

#include <thread>

namespace actorbench::actors {

std::size_t available_cores() noexcept {
  // Respects taskset/cgroup CPU affinity, unlike hardware_concurrency().
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    auto n = CPU_COUNT(&set);
    if (n > 0)
      return static_cast<std::size_t>(n);
  }
  auto n = std::thread::hardware_concurrency();
  return n > 0 ? n : 1;
}

std::size_t configure_scheduler(caf::actor_system_config& cfg, const scheduler_settings& settings) {
  auto threads = settings.threads > 0 ? settings.threads : available_cores();
  cfg.set("scheduler.max-threads", threads);
  cfg.set("scheduler.policy", caf::atom_from_string(settings.policy));
  if (settings.lean_clock)
    use_lean_scheduler(cfg, settings.policy == "sharing");
  if (!settings.cpus.empty())
    cfg.add_thread_hook<cpu_pinning_hook>(settings.cpus);
  return threads;
}

runtime::runtime(const scheduler_settings& settings)
  : threads_(configure_scheduler(config_, settings)) {
  system_ = std::make_unique<caf::actor_system>(config_);
}

runtime::~runtime() {
  // Destroying the system joins the scheduler before the config goes.
  system_.reset();
}

} // namespace actorbench::actors
