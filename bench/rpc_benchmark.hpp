#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "actors/remote/hello.hpp"
#include "actors/remote/tls_settings.hpp"
#include "bench/common/endpoint.hpp"
#include "bench/common/error.hpp"

namespace actorbench::bench {

/// One way of reaching the hello actor: plain, or TLS with these files.
struct rpc_mode {
  endpoint target;
  std::optional<actors::tls_settings> tls;
};

/// How requests are taken.
struct rpc_settings {
  std::size_t requests = 1000;
  std::size_t warmup = 100;
  /// Each mode's requests are split into rounds; modes alternate by round.
  std::size_t rounds = 10;
  /// A new client actor system, connection and handshake per request.
  bool reconnect = false;
  std::chrono::milliseconds timeout{5000};
  /// How long the client busy-waits for a reply before it blocks (0: it
  /// blocks at once).
  std::chrono::microseconds spin{100};
  /// Where the server runs the hello actor, when known (--local).
  std::optional<actors::hello_host> hello_on;
  /// Set: the calling (measuring) thread is pinned to this CPU and the
  /// clients' CAF threads to other_cpus.
  std::optional<int> spin_cpu;
  std::vector<int> other_cpus;
  std::string name;
  std::size_t threads = 0;
};

/// What one mode measured; times in microseconds.
struct rpc_result {
  rpc_mode mode;
  /// Per measured request, from sending it (with --reconnect: from starting
  /// to connect) until its reply was in and checked.
  std::vector<double> latency_us;
  /// With --reconnect, per request: connecting, TLS and CAF handshakes until
  /// the remote actor's proxy is there. Otherwise one entry: the first connect.
  std::vector<double> connect_us;
  /// With --reconnect, per request: starting the client actor system (not
  /// part of latency_us) and shutting it down afterwards.
  std::vector<double> setup_us;
  /// Wall time of the measured rounds, everything included.
  double wall_seconds = 0;
  /// Cut short by a signal.
  bool partial = false;
};

/// Measures every mode, interleaved round by round. Each reply is checked
/// against hello(name); a failed or wrong reply is a runtime failure.
result<std::vector<rpc_result>> run_rpc(const std::vector<rpc_mode>& modes,
                                        const rpc_settings& settings,
                                        const std::atomic<bool>* stop);

} // namespace actorbench::bench
