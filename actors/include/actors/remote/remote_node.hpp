#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "actors/remote/endpoint_name.hpp"
#include "actors/remote/remote_runtime.hpp"

namespace actorbench::actors {

/// What a worker node publishes: spawns the actor that serves the node's
/// drivers in `system`; `stop` is set when the node stops (its shares then
/// answer that the node is stopping).
using node_service = std::function<caf::actor(caf::actor_system& system,
                                              std::shared_ptr<const std::atomic<bool>> stop)>;

/// A worker node as the driver sees it: its published node spawner.
struct remote_node {
  /// HOST:PORT as given, for reports and errors.
  std::string name;
  caf::actor spawner;
};

/// A node's service published through the middleman. Destroying it stops the
/// spawner and every share it runs, so destroy it before its actor system
/// (which waits for them).
class served_node {
 public:
  served_node(caf::actor spawner, std::uint16_t port,
              std::shared_ptr<std::atomic<bool>> stop = nullptr)
    : spawner_(std::move(spawner)), port_(port), stop_(std::move(stop)) {}
  served_node(served_node&&) = default;
  served_node& operator=(served_node&&) = default;
  ~served_node();

  /// The port it listens on.
  std::uint16_t port() const noexcept { return port_; }
  const caf::actor& spawner() const noexcept { return spawner_; }

  /// Stops spawning the senders of every share at once (from any thread,
  /// whatever the shares are doing); each share then answers its driver
  /// that this node is stopping. The destructor does it too.
  void stop() noexcept;

 private:
  friend result<served_node> serve_node(remote_runtime&, const std::string&, std::uint16_t,
                                        std::chrono::milliseconds, const node_service&);

  caf::actor spawner_;
  std::uint16_t port_;
  std::shared_ptr<std::atomic<bool>> stop_;
};

/// Spawns `service` and publishes it through `rt`'s middleman (plain or TLS)
/// on `host`:`port`; port 0 lets the system pick one.
result<served_node> serve_node(remote_runtime& rt, const std::string& host, std::uint16_t port,
                               std::chrono::milliseconds timeout, const node_service& service);

/// Connects through `rt`'s middleman to the node spawner published at
/// `host`:`port`, waiting at most `timeout`.
result<remote_node> connect_node(remote_runtime& rt, const std::string& host, std::uint16_t port,
                                 std::chrono::milliseconds timeout);

} // namespace actorbench::actors
