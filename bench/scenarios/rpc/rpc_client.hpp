#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <caf/scoped_actor.hpp>

#include "actors/remote/remote_runtime.hpp"
#include "actors/remote/tls_settings.hpp"
#include "bench/scenarios/shared/endpoint.hpp"
#include "bench/error.hpp"

namespace actorbench::bench {

/// What every request of an rpc client shares.
struct rpc_client_settings {
  /// The argument of hello(name); the original experiment's is "".
  std::string name;
  /// What one request or one connection attempt may take.
  std::chrono::milliseconds timeout{5000};
  /// How long the client busy-waits for a reply before it blocks (0: it
  /// blocks at once).
  std::chrono::microseconds spin{100};
  /// Client scheduler threads; 0: one per core.
  std::size_t threads = 0;
  /// Not empty: the client's CAF threads run on these CPUs.
  std::vector<int> cpus;
};

/// A client of the hello actor: its own actor system, the actor's proxy and
/// a scoped actor to ask it from the calling thread.
class rpc_client {
 public:
  /// Starts the client's actor system (bad input: the TLS files); connects
  /// nowhere yet.
  static result<std::unique_ptr<rpc_client>> start(const endpoint& target,
                                                   const std::optional<actors::tls_settings>& tls,
                                                   const rpc_client_settings& settings);

  /// Connects to the target: TCP, TLS and CAF handshakes.
  result<void> connect();

  /// One request; a failed, late or wrong reply is a runtime failure. A
  /// server that went away (its actor or the connection gone, before or
  /// while waiting) is said so in words, at once, not at the timeout.
  result<void> ask();

 private:
  rpc_client(const endpoint& target, const std::optional<actors::tls_settings>& tls,
             const rpc_client_settings& settings, std::unique_ptr<actors::remote_runtime> rt);

  void spin_until_reply();
  std::string describe() const;
  error gone() const;

  endpoint target_;
  bool tls_;
  rpc_client_settings settings_;
  std::unique_ptr<actors::remote_runtime> runtime_;
  caf::scoped_actor self_;
  caf::actor hello_;
  /// Set when the proxy of hello_ is killed: the server's actor ended or
  /// the connection closed (CAF tells the proxy either way).
  std::shared_ptr<std::atomic<bool>> hello_gone_ = std::make_shared<std::atomic<bool>>(false);
};

/// The times of one request over a brand-new client, in seconds.
struct fresh_request_times {
  /// From starting to connect until the reply was in and checked.
  double latency_s = 0;
  /// Connecting: TCP, TLS and CAF handshakes until the proxy is there.
  double connect_s = 0;
  /// Starting the client's actor system and shutting it down afterwards
  /// (not part of latency_s).
  double setup_s = 0;
};

/// One request over a new client, connection and handshake, as the original experiment's
/// client makes them.
result<fresh_request_times> ask_fresh(const endpoint& target,
                                      const std::optional<actors::tls_settings>& tls,
                                      const rpc_client_settings& settings);

} // namespace actorbench::bench
