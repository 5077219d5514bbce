#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "actors/remote/hello.hpp"
#include "actors/remote/tls_settings.hpp"
#include "bench/error.hpp"
#include "bench/harness/child_process.hpp"

namespace actorbench::bench {

/// `actorbench serve` as a child process on 127.0.0.1 and a free port, for
/// `rpc --local`: the client measures across a real process boundary, as
/// against a remote server. The child dies with its parent.
class local_server {
 public:
  /// Starts this executable's serve subcommand and waits up to `timeout`
  /// for the port it prints. `cpus` not empty: the server runs on those.
  static result<std::unique_ptr<local_server>> start(const std::optional<actors::tls_settings>& tls,
                                                     actors::hello_host hello_on,
                                                     const std::vector<int>& cpus,
                                                     std::chrono::milliseconds timeout);

  /// Stops the server: SIGTERM, then SIGKILL if it is not gone within 5 s.
  ~local_server();
  local_server(const local_server&) = delete;
  local_server& operator=(const local_server&) = delete;

  std::uint16_t port() const noexcept { return port_; }

 private:
  explicit local_server(child_process child) : child_(std::move(child)) {}

  child_process child_;
  std::uint16_t port_ = 0;
};

} // namespace actorbench::bench
