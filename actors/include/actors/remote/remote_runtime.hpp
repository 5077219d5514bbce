#pragma once

#include <chrono>
#include <functional>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>

#include "actors/remote/basp_payload_limit.hpp"
#include "actors/error.hpp"
#include "actors/runtime/runtime.hpp"
#include "actors/remote/tls_monitor.hpp"
#include "actors/remote/tls_settings.hpp"

namespace actorbench::actors {

/// How a networked actor system is set up.
struct remote_settings {
  /// Work sharing by default: its idle workers block on a condition variable
  /// and wake at once when a message comes in, where work stealing's first
  /// polls its queue with 50 µs sleeps in between (CAF 0.17), which would
  /// add up to that much to every remote request.
  scheduler_settings scheduler = {0, "sharing", {}, true};
  /// Set: every connection is TLS with mutual certificate authentication
  /// (CAF's openssl module). Unset: CAF's plain BASP over TCP.
  std::optional<tls_settings> tls;
  /// CAF's BASP deserialization threads ("middleman.workers"; CAF's default
  /// is 1 on 2 cores). 0 deserializes in the middleman's own thread: one
  /// thread hand-off less per message, which is what request latency wants.
  std::size_t middleman_workers = 0;
  /// With TLS: ignore SIGPIPE process-wide and skip the SIGPIPE masking CAF's
  /// openssl session does around every OpenSSL call, three system calls each
  /// that change nothing once SIGPIPE is ignored (see sigpipe_elision.hpp).
  bool elide_sigpipe_masking = true;
  /// With TLS: one read() per TLS record instead of two (OpenSSL's
  /// read-ahead, made safe for CAF's read loop; see tls_read_ahead.hpp).
  bool tls_read_ahead = true;
  /// The largest BASP payload a peer may announce (see basp_payload_limit.hpp);
  /// larger ones drop the connection before CAF allocates anything. One limit
  /// for the whole process: the last runtime created sets it.
  std::uint32_t max_payload = basp_payload_limit::default_limit;
  /// With TLS: a server closes a connection whose handshake has not
  /// completed this long after it was accepted, when its loop calls
  /// tls_monitor::close_overdue_handshakes. One setting for the whole
  /// process: the last runtime created sets it.
  std::chrono::milliseconds handshake_timeout = tls_monitor::default_handshake_timeout;
  /// create() refuses, naming the CMake line that fixes it, when a
  /// protection against hostile peers is not active (caf_protections.hpp):
  /// the program does not link actorbench::caf_protections. False starts
  /// without them (a test of the unprotected behaviour, a trusted network).
  bool require_caf_protections = true;
  /// Registers the message types the program's actors send between nodes:
  /// CAF needs each one added before the system starts, on every node.
  std::function<void(caf::actor_system_config&)> add_message_types;
};

/// An actor system with CAF's middleman (and, for TLS, its openssl module)
/// loaded, together with the configuration it refers to. Publishing and
/// connecting go through the plain or the TLS middleman accordingly, and
/// every wait is bounded. Its acceptors survive running out of file
/// descriptors (fd_reserve.hpp).
class remote_runtime {
 public:
  /// Checks the TLS files first (see check(const tls_settings&)): CAF itself
  /// would throw from its network thread on a bad file, and with no files at
  /// all would silently use unauthenticated anonymous ciphers. Then enables
  /// the CAF protections (caf_protections.hpp) and, unless
  /// settings.require_caf_protections is false, refuses when one is not
  /// active, naming it and the CMake line.
  static result<std::unique_ptr<remote_runtime>> create(const remote_settings& settings);

  ~remote_runtime();
  remote_runtime(const remote_runtime&) = delete;
  remote_runtime& operator=(const remote_runtime&) = delete;

  caf::actor_system& system() noexcept { return *system_; }
  bool uses_tls() const noexcept { return tls_; }
  std::size_t threads() const noexcept { return threads_; }

  /// Publishes `whom` on `port` (0: any free port) of `address` (empty: all
  /// interfaces); returns the port actually bound.
  result<std::uint16_t> publish(const caf::actor& whom, std::uint16_t port,
                                const std::string& address, std::chrono::milliseconds timeout);

  /// Connects to the actor published at host:port and returns its proxy,
  /// waiting at most `timeout` for the TCP connection and CAF's handshake
  /// (the actor's answer included). CAF reuses an existing connection to
  /// the same host and port; a new connection needs a new remote_runtime.
  /// The error says what the peer did: no answer within the timeout, a
  /// refused TLS handshake with OpenSSL's reason when tls_monitor saw it, or
  /// for a plain handshake the peer closed or garbled, judged from what it
  /// says to a second connection (peer_greeting.hpp).
  result<caf::actor> connect(const std::string& host, std::uint16_t port,
                             std::chrono::milliseconds timeout);

 private:
  remote_runtime(const remote_settings& settings);

  // The clause after "cannot connect to HOST:PORT: " for CAF's `err`, after
  // `spent` of `timeout`.
  std::string why_not_connected(const std::string& host, std::uint16_t port, const caf::error& err,
                                std::chrono::milliseconds timeout,
                                std::chrono::steady_clock::duration spent);

  caf::actor_system_config config_;
  bool tls_;
  std::size_t threads_;
  std::unique_ptr<caf::actor_system> system_;
};

} // namespace actorbench::actors
