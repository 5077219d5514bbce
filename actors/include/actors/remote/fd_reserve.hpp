#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace actorbench::actors::fd_reserve {

/// CAF 0.17.6's acceptor (libcaf_io, policy/tcp.cpp) calls accept() when
/// its listening socket is readable; when the process is out of file
/// descriptors (EMFILE, ENFILE) accept fails, CAF does nothing, the
/// connection stays in the backlog and the level-triggered epoll loop
/// reports the socket readable again at once: the multiplexer spins on
/// failing accept calls (up to a whole core, some 50,000 calls a second) for
/// as long as the condition lasts.
///
/// enable() keeps one file descriptor in reserve (/dev/null). The
/// executable's accept wrapper (in actorbench_caf_interpose, linked and
/// exported, see actors/CMakeLists.txt), for libcaf_io's calls only,
/// answers EMFILE or ENFILE by closing the reserve,
/// accepting the pending connection, closing it at once (its peer sees the
/// connection closed rather than a hang) and reopening the reserve, then
/// reports "try again" (EAGAIN), which CAF ignores. The backlog drains, the
/// loop sleeps, and connections are served again as soon as descriptors
/// are free. A connection accepted with no descriptor to spare is closed
/// the same way: CAF's TLS session (libcaf_openssl) opens the certificate
/// files for each connection and, when it cannot, throws from the
/// multiplexer thread, which ends the process.
///
/// Returns false, changing nothing, when libcaf_io is not loaded, the
/// program does not link the wrapper, or no descriptor is left for the
/// reserve. Idempotent; call it before the actor system starts listening.
bool enable();

/// True once enable() succeeded.
bool enabled();

/// What a server's log reports, once per episode of exhaustion.
struct state {
  /// The last accept of libcaf_io found no descriptor free.
  bool exhausted = false;
  /// Episodes of exhaustion so far.
  std::uint64_t episodes = 0;
  /// Connections accepted and closed at once so far.
  std::uint64_t shed = 0;
};

/// The state now.
state current();

/// Turns the state into log lines, one when an episode starts and one when
/// it ends (at the first connection accepted again). Keep one per log.
class watcher {
 public:
  /// Lines for what changed since the last call, oldest first.
  std::vector<std::string> changes();

 private:
  std::uint64_t started_ = 0; // episodes whose start was reported
  std::uint64_t ended_ = 0;   // ... and whose end
  std::uint64_t shed_ = 0;    // connections shed when the last end was reported
};

} // namespace actorbench::actors::fd_reserve
