#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace actorbench::actors::tls_monitor {

/// A TLS handshake (or connection) that OpenSSL ended with an error.
struct refusal {
  /// True when this process accepted the connection (the server's view).
  bool as_server = false;
  /// The peer's address, "IP:port".
  std::string peer;
  /// OpenSSL's reason, e.g. "the peer's certificate failed verification:
  /// certificate has expired"; never key material.
  std::string reason;
};

/// CAF 0.17 reports failed handshakes only to its (compiled-out) log. This
/// monitor sees them anyway: the actorbench executable wraps OpenSSL's
/// SSL_new, which CAF calls once per connection, and attaches an info and a
/// verify callback that record fatal alerts and verification failures. The
/// wrapper also refuses any connection of CAF's whose context does not verify
/// its peer, so CAF's anonymous-cipher mode can never be used in this process.
/// Calls from anywhere else (an embedder's own TLS code) get OpenSSL's
/// SSL_new unchanged. The wrapper is in actorbench_caf_interpose, which the
/// executable links (actors/CMakeLists.txt). install() is idempotent; it
/// returns false when the program does not link the wrapper
/// (actorbench::caf_protections) or libcaf_openssl is not loaded.
bool install();

/// True when the SSL_new wrapper is the one CAF calls (false, e.g., in a
/// program that links the library without actorbench_caf_interpose).
bool active();

/// At most this many refusals of one side wait to be taken; beyond, they
/// are only counted, so a flood of failing connections that nobody takes
/// costs bounded memory.
constexpr std::size_t max_waiting_refusals = 1000;

/// What take_refusals hands over.
struct refusals {
  /// The refusals kept, oldest first.
  std::vector<refusal> kept;
  /// Refusals after those, seen while max_waiting_refusals were waiting.
  std::size_t not_kept = 0;
};

/// Refusals seen from one side since the last call.
refusals take_refusals(bool as_server);

/// A server closes a connection whose TLS handshake has not completed this
/// long after it was accepted (see close_overdue_handshakes); zero: never.
/// One setting for the whole process.
void set_handshake_timeout(std::chrono::milliseconds timeout);

/// What serve and node use unless told otherwise (--handshake-timeout).
constexpr std::chrono::milliseconds default_handshake_timeout{10'000};

/// Shuts down (shutdown(2), both ways) each connection this process
/// accepted whose handshake is overdue, and records it as a refusal ("TLS
/// handshake not completed within 0.5 s"); CAF then sees the connection
/// end on its own thread and closes it. Only connections whose SSL object
/// is still alive are touched, under the lock its free callback takes too,
/// so a socket number CAF has closed and reused is never shut down. Call it
/// periodically (serve and node do, every 50 or 100 ms); returns how many it
/// shut down.
std::size_t close_overdue_handshakes();

/// Handshakes completed so far in this process.
std::size_t handshakes_completed();

} // namespace actorbench::actors::tls_monitor
