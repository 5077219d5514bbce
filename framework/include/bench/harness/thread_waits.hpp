#pragma once

#include <cstdint>
#include <map>

namespace actorbench::bench {

/// The fact a run reports its run_queue_wait_share under (a number), for a
/// search to count the run as disturbed when its threads waited long for a
/// CPU (search_rule::disturbed_wait).
inline constexpr const char* run_queue_wait_fact = "run_queue_wait";

/// One thread's CPU time and run-queue wait so far (nanoseconds), from
/// /proc/self/task/<tid>/schedstat: the time it ran, and the time it was
/// runnable but waited for a CPU (other threads, other processes or the
/// hypervisor held it). It sees a busy neighbour at the scale of one
/// scheduler slice, which /proc/stat's per-CPU totals cannot.
struct thread_times {
  std::uint64_t on_cpu_ns = 0;
  std::uint64_t waiting_ns = 0;
};

/// Every live thread of this process, by thread id; empty where the kernel
/// has no schedstat.
std::map<long, thread_times> read_thread_times();

/// Run-queue wait over CPU time between two readings, summed over the
/// threads alive at `after` (those new since `before` count from zero):
/// 0 when no thread waited, 1 when they waited as long as they ran. NaN
/// when they ran for no measurable time.
double run_queue_wait_share(const std::map<long, thread_times>& before,
                            const std::map<long, thread_times>& after);

} // namespace actorbench::bench
