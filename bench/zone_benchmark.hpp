#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "actors/zone/zone_run.hpp"
#include "bench/common/error.hpp"
#include "crypto/backend.hpp"

namespace actorbench::bench {

/// A validated zone setup, back-end and cipher resolved.
struct zone_settings {
  std::size_t players = 1000;
  std::size_t tick_hz = 20;
  /// How long ticks are scheduled per run (per probe with find_max).
  std::chrono::milliseconds duration{10000};
  /// Off: the "none" back-end, packets in plaintext.
  bool crypto = true;
  const crypto::backend* backend = nullptr;
  const crypto::cipher_info* cipher = nullptr;
  /// Scheduler threads; 0: one per core.
  std::size_t threads = 0;
  /// A tick not complete after this fails the run.
  std::chrono::milliseconds tick_timeout{10000};
};

/// One zone run and its figures, for the reporters.
struct zone_result {
  actors::zone_sample sample;
  std::size_t threads = 0;
  /// The tick budget, 1 / tick_hz.
  double budget_s = 0;
  /// Tick latency percentiles (nearest rank, bench/harness/statistics.hpp) and maximum.
  double p50_s = std::numeric_limits<double>::quiet_NaN();
  double p99_s = std::numeric_limits<double>::quiet_NaN();
  double p999_s = std::numeric_limits<double>::quiet_NaN();
  double max_s = std::numeric_limits<double>::quiet_NaN();
  double fan_in_p50_s = std::numeric_limits<double>::quiet_NaN();
  double fan_in_p99_s = std::numeric_limits<double>::quiet_NaN();
  double max_start_lag_s = std::numeric_limits<double>::quiet_NaN();
  /// Highest resident set size during the run, if the kernel reports it.
  std::optional<std::uint64_t> peak_rss_bytes;
  /// The machine's one-minute load average before and after the run (NaN
  /// if unknown): others' work competing for the cores.
  double load_before = std::numeric_limits<double>::quiet_NaN();
  double load_after = std::numeric_limits<double>::quiet_NaN();

  /// Cores the process kept busy during the ticks (CPU over wall seconds).
  double cores_used() const noexcept {
    return sample.tick_wall_s > 0 ? sample.tick_cpu_s / sample.tick_wall_s : 0;
  }
};

/// Missed ticks a run may have and still keep up: 1% of its slots, rounded
/// down (so none in runs under 100 ticks).
std::size_t allowed_missed(std::size_t ticks_scheduled) noexcept;

/// Whether a run kept up: p99 tick latency under the budget, at most
/// allowed_missed ticks missed, and not cut short.
bool keeps_up(const zone_result& r) noexcept;

/// Runs one zone simulation on a fresh actor system. `stop_after_missed`
/// ends it early once more ticks were missed (see actors::zone_run_params).
result<zone_result> run_zone_benchmark(
  const zone_settings& settings, const std::atomic<bool>* stop = nullptr,
  std::size_t stop_after_missed = std::numeric_limits<std::size_t>::max());

/// What --find-max found.
struct zone_search {
  /// Every probe, in the order run.
  std::vector<zone_result> probes;
  /// The largest player count that kept up; 0 if none did.
  std::size_t largest = 0;
  /// The smallest that did not; 0 if none failed.
  std::size_t smallest_failing = 0;
  /// The search stopped at the largest count memory allows.
  bool memory_bound = false;
  /// Interrupted: the probes so far are all there is.
  bool stopped = false;
};

/// The search ends when the smallest failing count is within this fraction
/// above the largest passing one.
inline constexpr double search_resolution = 0.05;

/// Finds the largest player count that keeps up (keeps_up), starting at
/// settings.players: doubling while probes keep up, halving while they do
/// not, then bisecting between the two until search_resolution. Each probe
/// is a run of settings.duration that stops as soon as it has missed too
/// many ticks; a count that fails is probed once more and fails only if
/// that probe fails too. `max_players` caps the counts (memory). `on_probe` hears of
/// each probe as it ends.
result<zone_search> find_max_players(const zone_settings& settings, std::size_t max_players,
                                     const std::function<void(const zone_result&)>& on_probe,
                                     const std::atomic<bool>* stop = nullptr);

} // namespace actorbench::bench
