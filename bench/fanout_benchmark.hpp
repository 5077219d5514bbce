#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "actors/payload.hpp"
#include "actors/runtime.hpp"
#include "actors/spawn_strategy.hpp"
#include "bench/error.hpp"
#include "crypto/backend.hpp"

namespace actorbench::bench {

/// One fan-out configuration, validated and with back-end and cipher resolved.
struct fanout_config {
  std::size_t procs = 10000;
  bool crypto = false;
  const crypto::backend* backend = nullptr;
  const crypto::cipher_info* cipher = nullptr;
  std::size_t runs = 10;
  std::size_t warmup = 1;
  actors::scheduler_settings scheduler;
  actors::spawn_strategy spawn = actors::spawn_strategy::chain;
  /// Longest wait for one run's replies (and again for its teardown).
  std::chrono::milliseconds timeout{60000};
};

/// Everything measured for one configuration: plain data for the reporters.
struct fanout_result {
  std::string scenario = "fanout";
  std::size_t procs = 0;
  bool crypto = false;
  std::string backend;
  std::string cipher;
  std::size_t runs = 0;
  std::size_t warmup = 0;
  std::size_t threads = 0;
  std::string policy;
  std::string spawn;
  /// Seconds from the first spawn until the collector had every reply, per measured run.
  std::vector<double> samples_s;
  /// Seconds until the last sender was spawned, per measured run.
  std::vector<double> spawn_s;
  /// Seconds until every sender was destroyed, per measured run.
  std::vector<double> teardown_s;
  /// Sums over the measured runs (see actors::collector_report).
  std::size_t mismatches = 0;
  std::size_t wrong_plaintext = 0;
  std::size_t failed_decrypts = 0;
  std::size_t duplicate_ids = 0;
  std::size_t missing_ids = 0;
  actors::payload payload;
  /// RSS after the actor system started and before the first run.
  std::optional<std::uint64_t> idle_rss_bytes;
  /// Highest RSS during warm-up and measured runs.
  std::optional<std::uint64_t> peak_rss_bytes;
};

/// Called after each run (warm-up runs included) with runs done and total.
using progress_callback = std::function<void(std::size_t done, std::size_t total)>;

/// Starts an actor system for `config`, runs the warm-up and measured runs
/// one after another, and gathers the samples. Mismatches are recorded, not
/// treated as errors; timeouts and crypto failures are runtime failures.
result<fanout_result> run_fanout_benchmark(const fanout_config& config,
                                           const progress_callback& progress = {});

} // namespace actorbench::bench
