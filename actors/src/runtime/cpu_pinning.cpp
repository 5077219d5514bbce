#include "actors/runtime/cpu_pinning.hpp"

#include <pthread.h>
#include <sched.h>

namespace actorbench::actors {

cpu_pinning_hook::cpu_pinning_hook(std::vector<int> cpus) : cpus_(std::move(cpus)) {}

void cpu_pinning_hook::init(caf::actor_system&) {
  // nop
}

void cpu_pinning_hook::thread_started() {
  if (cpus_.empty())
    return;
  if (!pin_this_thread({cpus_[next_++ % cpus_.size()]}))
    ++failures_;
}

void cpu_pinning_hook::thread_terminates() {
  // nop
}

bool pin_this_thread(const std::vector<int>& cpus) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu : cpus)
    CPU_SET(cpu, &set);
  return sched_setaffinity(0, sizeof(set), &set) == 0;
}

std::vector<int> allowed_cpus() {
  std::vector<int> out;
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) != 0)
    return out;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set))
      out.push_back(cpu);
  return out;
}

} // namespace actorbench::actors
