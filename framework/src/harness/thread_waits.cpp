#include "bench/harness/thread_waits.hpp"

#include <dirent.h>

#include <cstdlib>
#include <fstream>
#include <limits>
#include <memory>
#include <string>

namespace actorbench::bench {

std::map<long, thread_times> read_thread_times() {
  std::map<long, thread_times> out;
  std::unique_ptr<DIR, int (*)(DIR*)> dir{opendir("/proc/self/task"), closedir};
  if (!dir)
    return out;
  while (const auto* entry = readdir(dir.get())) {
    char* end = nullptr;
    auto tid = std::strtol(entry->d_name, &end, 10);
    if (end == entry->d_name || *end != '\0')
      continue;
    std::ifstream in{std::string{"/proc/self/task/"} + entry->d_name + "/schedstat"};
    thread_times t;
    // A thread that exited since the listing has no file: it is left out.
    if (in >> t.on_cpu_ns >> t.waiting_ns)
      out[tid] = t;
  }
  return out;
}

double run_queue_wait_share(const std::map<long, thread_times>& before,
                            const std::map<long, thread_times>& after) {
  double ran = 0, waited = 0;
  for (const auto& [tid, now] : after) {
    auto then = before.find(tid);
    thread_times from = then == before.end() ? thread_times{} : then->second;
    // A thread id reused by a new thread would count backwards: from zero.
    if (now.on_cpu_ns < from.on_cpu_ns || now.waiting_ns < from.waiting_ns)
      from = {};
    ran += static_cast<double>(now.on_cpu_ns - from.on_cpu_ns);
    waited += static_cast<double>(now.waiting_ns - from.waiting_ns);
  }
  if (ran <= 0)
    return std::numeric_limits<double>::quiet_NaN();
  return waited / ran;
}

} // namespace actorbench::bench
