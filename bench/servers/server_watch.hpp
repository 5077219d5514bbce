#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>

namespace actorbench::bench {

/// How a server command (serve, node) waits once it listens: until SIGINT
/// or SIGTERM, or `duration` when it is not zero.
struct server_watch {
  /// Its lines start with it: "actorbench serve: ".
  std::string prefix;
  /// Where the refusal and limit lines go.
  std::ostream* err = nullptr;
  /// Counted, not printed.
  bool quiet = false;
  std::chrono::milliseconds poll{100};
  std::chrono::steady_clock::duration duration{0};
};

/// Waits as `w` says, closing TLS handshakes that overran and printing,
/// bounded, the TLS clients refused and the limits hit (refusal_log,
/// limit_log). Returns how many clients were refused.
std::size_t watch_until_stopped(const server_watch& w);

} // namespace actorbench::bench
