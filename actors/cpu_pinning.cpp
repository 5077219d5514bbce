#include "actors/cpu_pinning.hpp"

#include <pthread.h>
#include <sched.h>

namespace actorbench::actors {

cpu_pinning_hook::cpu_pinning_hook(std::vector<int> cpus) : cpus_(std::move(cpus)) {
}

void cpu_pinning_hook::init(caf::actor_system&) {
  // nop
}

void cpu_pinning_hook::thread_started() {
  if (cpus_.empty())
    return;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpus_[next_++ % cpus_.size()], &set);
  if (pthread_setaffinity_np(pthread_self(), sizeof(set), &set) != 0)
    ++failures_;
}

void cpu_pinning_hook::thread_terminates() {
  // nop
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
