#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <caf/actor_system.hpp>

#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

// The message-passing suite (pingpong, ring, mailbox, spawn-tree, big,
// chameneos, fjthrput) on one shape: each benchmark declares its own
// parameters, headline metric and checks, and one run function; the suite
// adds what they all share (threads, crypto in the loop, the time limit of
// a run) and runs each run on a fresh actor system with a fresh session key.

/// What one run of a suite benchmark gets.
struct suite_run {
  caf::actor_system& system;
  const configuration& config;
  /// The run's key, cipher and payload (or crypto off): give every actor
  /// that sends a message_sealer with a unique id, every receiver a
  /// message_opener.
  const actors::seal_keys& keys;
  run_context& ctx;
  /// --timeout: the longest any wait of the run may take. On expiry, kill
  /// the run's actors and return a runtime failure that says what was
  /// still missing.
  std::chrono::milliseconds timeout;
};

/// One suite benchmark.
struct suite_spec {
  /// Its own parameters, metrics (one headline, a rate) and checks; the
  /// suite appends its shared ones (suite_scenario.cpp lists them).
  declaration declared;
  /// One measured run. Records "elapsed_s" (first spawn to last check) and
  /// its own metrics and checks; the suite adds the crypto figures and the
  /// forged/replayed checks after the actor system is gone.
  std::function<result<run_record>(suite_run&)> run;
  /// Memory a configuration needs (refused up front beyond the budget).
  std::function<std::optional<memory_estimate>(const configuration&)> memory;
  /// Relative cost before anything is measured (for the first ETA).
  std::function<double(const configuration&)> cost_hint;
  /// Scheduler threads when --threads is not given; 0: one per core. A
  /// benchmark with one chain of messages (pingpong's one pair) may run best
  /// on one worker: say so here and show the measurement in RESULTS.
  std::size_t default_threads = 0;
  /// Set: the --threads default as the help says it, for a benchmark whose
  /// refine picks the thread count itself when none is given (pingpong: 1
  /// for one pair, one per core for more); default_threads is then 0.
  std::string default_threads_help;
  /// Cross-parameter checks and adjustments, after the suite's own.
  std::function<result<std::vector<configuration>>(std::vector<configuration>)> refine;
  /// Its part on worker nodes (--nodes), if it has one.
  node_part on_nodes;
};

/// The scenario of `spec`, with the suite's shared parameters and results.
std::unique_ptr<scenario> make_suite_scenario(suite_spec spec);

/// The shared parameters of every suite benchmark, appended to `d`:
/// threads (default `default_threads`, 0: one per core, or as
/// `default_threads_help` says when set), crypto, backend,
/// cipher, payload-bytes, timeout.
void declare_suite_params(declaration& d, std::size_t default_threads = 0,
                          const std::string& default_threads_help = {});

/// The shared results, appended to `d`: elapsed_s; with crypto on seal_s,
/// open_s, crypto_s; the checks forged and replayed.
void declare_suite_results(declaration& d);

/// The run's seal totals as metrics, facts and checks.
void add_seal_results(run_record& r, const actors::seal_totals& totals, bool crypto_on);

} // namespace actorbench::bench
