#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "actors/runtime/context_strategy.hpp"
#include "actors/fanout/payload.hpp"
#include "actors/runtime/runtime.hpp"
#include "actors/remote/tls_settings.hpp"
#include "actors/fanout/spawn_strategy.hpp"
#include "bench/common/endpoint.hpp"
#include "bench/common/error.hpp"
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
  actors::context_strategy context = actors::context_strategy::per_thread;
  /// Longest wait for one run's replies (and again for its teardown).
  std::chrono::milliseconds timeout{60000};
  /// Longest wait for each worker node to accept the connection and answer
  /// CAF's handshake.
  std::chrono::milliseconds connect_timeout{10000};
  /// Worker nodes (`actorbench node`) that run a share of the senders each;
  /// empty: all run in this process.
  std::vector<endpoint> nodes;
  /// TLS with mutual certificate authentication to the worker nodes; unset: plain TCP.
  std::optional<actors::tls_settings> tls;
};

/// One node's share of a configuration's measured runs (with worker nodes).
struct node_result {
  /// "local" or the worker node's HOST:PORT.
  std::string name;
  /// Senders per run on this node.
  std::size_t senders = 0;
  /// Per measured run: replies the collector had from this node, and the
  /// seconds (from the first spawn, on this process's clock) until it had
  /// all of them and until the node's senders were all destroyed.
  std::vector<std::size_t> replies;
  std::vector<double> replies_s;
  std::vector<double> teardown_s;
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
  std::string context;
  /// CPUs the actor system's threads were pinned to; empty when not pinned.
  std::vector<int> pinned_cpus;
  /// "lean" (the default) or "caf": the actor clock, see actors/runtime/lean_scheduler.hpp.
  std::string clock = "lean";
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
  /// Per measured run: RSS just before it, and the highest RSS during it.
  std::vector<std::uint64_t> start_rss_bytes;
  std::vector<std::uint64_t> peak_rss_bytes;
  /// Per node, this process first, when the runs had worker nodes; else empty.
  std::vector<node_result> nodes;

  /// Whole-process peak over the measured runs, if the kernel reports it.
  std::optional<std::uint64_t> max_peak_rss_bytes() const;
  /// The largest growth of one run over its starting RSS, per actor.
  std::optional<double> rss_bytes_per_actor() const;
  /// Fewer runs were measured than asked for (the command was interrupted).
  bool partial() const noexcept { return samples_s.size() < runs; }
};

/// The order of runs across configurations.
struct run_order {
  /// Random order within each round instead of A B C, A B C.
  bool shuffle = false;
  /// Seed of the shuffle, printed so an order can be repeated.
  std::uint64_t seed = 0;
};

/// Called after each run (warm-up runs included) with runs done and total.
using progress_callback = std::function<void(std::size_t done, std::size_t total)>;

/// Runs every configuration interleaved: first the warm-up rounds, then the
/// measured rounds, each round taking one run of every configuration (A B C,
/// A B C, ...), so drifting machine noise falls on all of them alike.
/// Configurations with the same scheduler settings share one actor system.
/// Mismatches are recorded, not treated as errors; timeouts and crypto
/// failures are runtime failures. When `stop` becomes true the runs end
/// after the one in progress, and the results hold what was measured
/// (partial()).
result<std::vector<fanout_result>> run_fanout_benchmarks(const std::vector<fanout_config>& configs,
                                                         const run_order& order = {},
                                                         const progress_callback& progress = {},
                                                         const std::atomic<bool>* stop = nullptr);

} // namespace actorbench::bench
