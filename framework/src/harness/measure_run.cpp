#include "harness/measure_run.hpp"

#include <sys/resource.h>

#include <variant>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
// Without valgrind's header (package valgrind) nothing is instrumented:
// --measure instructions then fails on the missing program first.
#define CALLGRIND_START_INSTRUMENTATION ((void)0)
#define CALLGRIND_STOP_INSTRUMENTATION ((void)0)
#endif

#include "bench/harness/instruction_count.hpp"
#include "bench/harness/machine_info.hpp"
#include "bench/harness/process_memory.hpp"
#include "harness/run_noise.hpp"

namespace actorbench::bench {

namespace {

double seconds_between(std::chrono::steady_clock::time_point a,
                       std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// Callgrind counts only while instrumented: from the first instruction of
// the run to the last, every thread (the macros do nothing outside valgrind).
class instrumented_section {
 public:
  explicit instrumented_section(bool on) : on_(on) {
    if (on_)
      CALLGRIND_START_INSTRUMENTATION;
  }
  ~instrumented_section() {
    if (on_)
      CALLGRIND_STOP_INSTRUMENTATION;
  }
  instrumented_section(const instrumented_section&) = delete;
  instrumented_section& operator=(const instrumented_section&) = delete;

 private:
  bool on_;
};

void add_extra_work(const run_record& record, std::uint64_t per_unit) {
  auto units = record.facts.find(work_units_fact);
  if (per_unit == 0 || units == record.facts.end())
    return;
  const auto* count = std::get_if<double>(&units->second);
  if (count == nullptr || !(*count > 0))
    return;
  volatile std::uint64_t sink = 0;
  for (std::uint64_t i = 0, n = per_unit * static_cast<std::uint64_t>(*count); i < n; ++i)
    sink = sink + 1;
}

} // namespace

result<run_result> measure_run(scenario_session& session, run_context& ctx,
                               std::chrono::steady_clock::time_point origin,
                               const measure_options& options) {
  if (auto ready = session.before_run(ctx.config()); !ready)
    return ready.err();
  run_result out;
  out.load_before = load_average_1m();
  reset_peak_rss();
  out.start_rss_bytes = current_rss_bytes();
  auto noise_before = read_noise_counters();
  auto started = std::chrono::steady_clock::now();
  auto record = [&] {
    instrumented_section counted{options.instrument};
    auto out = session.run(ctx);
    if (out)
      add_extra_work(*out, options.extra_work_per_unit);
    return out;
  }();
  auto ended = std::chrono::steady_clock::now();
  auto noise_after = read_noise_counters();
  out.peak_rss_bytes = peak_rss_bytes();
  out.load_after = load_average_1m();
  if (!record)
    return record.err();
  out.started_s = seconds_between(origin, started);
  out.wall_s = seconds_between(started, ended);
  out.noise = noise_between(noise_before, noise_after, out.wall_s);
  // Counted instructions are what neighbours cannot move (and valgrind,
  // running one thread at a time, preempts the run's threads itself).
  if (options.instrument)
    out.noise->noisy = false;
  out.cpu = record->cpu ? *record->cpu
                        : cpu_times{noise_after.own_cpu.user_s - noise_before.own_cpu.user_s,
                                    noise_after.own_cpu.system_s - noise_before.own_cpu.system_s};
  out.record = std::move(*record);
  return out;
}

} // namespace actorbench::bench
