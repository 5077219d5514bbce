#include "harness/noise_probe.hpp"

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <numeric>
#include <random>
#include <thread>

#include "actors/runtime/cpu_pinning.hpp"

namespace actorbench::bench {

namespace {

constexpr std::size_t cache_line = 64;
constexpr std::size_t slot_stride = cache_line / sizeof(std::uint32_t);
// Per unit: steps of the integer/FP loop, and cache lines walked (the walk
// goes on where the last unit stopped, so a probe covers the buffer).
// Small units let the calibration hit its target closely.
constexpr int arithmetic_steps = 5'000;
constexpr std::size_t walk_steps = 4'096;

// Four times L2 (at least 2 MiB) so the walk leaves L2 on every step.
std::size_t probe_buffer_bytes() {
  long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
  auto bytes = l2 > 0 ? 4 * static_cast<std::size_t>(l2) : std::size_t{0};
  return std::max<std::size_t>(bytes, std::size_t{2} << 20);
}

// Sattolo's shuffle over the cache lines: one cycle through all of them,
// in an order the prefetcher cannot guess.
std::vector<std::uint32_t> random_cycle(std::size_t bytes) {
  auto lines = bytes / cache_line;
  std::vector<std::uint32_t> order(lines);
  std::iota(order.begin(), order.end(), 0u);
  std::mt19937 rng{19};
  for (auto i = lines - 1; i > 0; --i)
    std::swap(order[i], order[std::uniform_int_distribution<std::size_t>{0, i - 1}(rng)]);
  std::vector<std::uint32_t> next(lines * slot_stride);
  for (std::size_t i = 0; i < lines; ++i)
    next[order[i] * slot_stride] = order[(i + 1) % lines] * slot_stride;
  return next;
}

std::atomic<std::uint64_t> probe_sink{0};

double thread_cpu_now_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

} // namespace

noise_probe::noise_probe(std::size_t buffer_bytes, std::size_t units)
  : next_(random_cycle(buffer_bytes)), units_(units) {}

// Units from the thread's CPU time of a whole probe, not its wall time: on
// a busy host the wall time includes the waits for a CPU, which the
// calibration must not learn (the probes are there to show them).
noise_probe noise_probe::calibrated(double target_ms) {
  noise_probe p{probe_buffer_bytes(), 16};
  p.run_here(); // first touch of the buffer's pages
  for (int step = 0; step < 2; ++step) {
    double fastest = thread_cpu_ms(p, p.units_);
    // CPU time leaves out the waits for a CPU: a few tries are enough, and
    // few keep the start-up short (about 10 ms of CPU in all).
    for (int i = 0; i < 2; ++i)
      fastest = std::min(fastest, thread_cpu_ms(p, p.units_));
    auto units = std::max(1.0, std::round(static_cast<double>(p.units_) * target_ms / fastest));
    p.quiet_ms_ = fastest * units / static_cast<double>(p.units_);
    p.units_ = static_cast<std::size_t>(units);
  }
  return p;
}

double noise_probe::thread_cpu_ms(const noise_probe& p, std::size_t units) {
  auto start = thread_cpu_now_ms();
  probe_sink.fetch_add(p.work(units), std::memory_order_relaxed);
  return std::max(thread_cpu_now_ms() - start, 1e-3);
}

const noise_probe& noise_probe::shared() {
  static const noise_probe probe = calibrated(3.0);
  return probe;
}

std::uint64_t noise_probe::work(std::size_t units) const {
  std::uint64_t state = 0x9e3779b97f4a7c15ull;
  double x = 1.0;
  std::uint32_t at = 0;
  for (std::size_t u = 0; u < units; ++u) {
    for (int i = 0; i < arithmetic_steps; ++i) {
      state ^= state << 13;
      state ^= state >> 7;
      state ^= state << 17;
      x = x * 0.9999999 + static_cast<double>(state & 0xff) * 1e-9;
    }
    for (std::size_t step = 0; step < walk_steps; ++step)
      at = next_[at];
  }
  return state + at + static_cast<std::uint64_t>(x);
}

probe_timing noise_probe::run_here() const {
  auto start = std::chrono::steady_clock::now();
  auto cpu_start = thread_cpu_now_ms();
  // The sink keeps the compiler from dropping the work.
  probe_sink.fetch_add(work(units_), std::memory_order_relaxed);
  auto cpu_end = thread_cpu_now_ms();
  std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
  return {took.count(), std::max(cpu_end - cpu_start, 1e-3)};
}

std::vector<probe_timing> noise_probe::run_on(const std::vector<int>& cpus, bool& pinned) const {
  std::vector<probe_timing> out;
  for (int cpu : cpus) {
    probe_timing t;
    bool ok = true;
    std::thread probe{[&] {
      ok = actors::pin_this_thread({cpu});
      t = run_here();
    }};
    probe.join();
    pinned = pinned && ok;
    out.push_back(t);
  }
  return out;
}

} // namespace actorbench::bench
