#include "bench/harness/measure_run.hpp"

#include <sys/resource.h>

#include "bench/harness/machine_info.hpp"
#include "bench/harness/process_memory.hpp"
#include "bench/harness/run_noise.hpp"

namespace actorbench::bench {

namespace {

double seconds_of(const timeval& t) {
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
}

cpu_times process_cpu() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0)
    return {};
  return {seconds_of(usage.ru_utime), seconds_of(usage.ru_stime)};
}

double seconds_between(std::chrono::steady_clock::time_point a,
                       std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

} // namespace

result<run_result> measure_run(scenario_session& session, run_context& ctx,
                               std::chrono::steady_clock::time_point origin) {
  if (auto ready = session.before_run(ctx.config()); !ready)
    return ready.err();
  run_result out;
  out.load_before = load_average_1m();
  reset_peak_rss();
  out.start_rss_bytes = current_rss_bytes();
  auto noise_before = read_noise_counters();
  auto cpu_before = process_cpu();
  auto started = std::chrono::steady_clock::now();
  auto record = session.run(ctx);
  auto ended = std::chrono::steady_clock::now();
  auto cpu_after = process_cpu();
  auto noise_after = read_noise_counters();
  out.peak_rss_bytes = peak_rss_bytes();
  out.load_after = load_average_1m();
  if (!record)
    return record.err();
  out.started_s = seconds_between(origin, started);
  out.wall_s = seconds_between(started, ended);
  out.noise = noise_between(noise_before, noise_after, out.wall_s);
  out.cpu = record->cpu ? *record->cpu
                        : cpu_times{cpu_after.user_s - cpu_before.user_s,
                                    cpu_after.system_s - cpu_before.system_s};
  out.record = std::move(*record);
  return out;
}

} // namespace actorbench::bench
