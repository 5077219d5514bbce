#pragma once

// The server's UDP socket, made here rather than by CAF so that its receive
// buffer can be raised: a burst from thousands of clients (all ticking at
// once) overflows the default 208 KiB, and the kernel drops the rest.

#include <cstdint>
#include <string>

#include "command_line.hpp"

namespace game {

/// A bound, non-blocking UDP socket and the port it got.
struct udp_socket {
  int fd = -1;
  std::uint16_t port = 0;
  /// The receive buffer the kernel granted (bytes; it counts its overhead).
  int receive_buffer = 0;
};

/// Binds `host`:`port` (0: any free port) with receive and send buffers of
/// `buffer_bytes` asked for (the kernel caps them at net.core.rmem_max and
/// wmem_max); the error names the address and why.
parsed<udp_socket> open_udp_socket(const std::string& host, std::uint16_t port, int buffer_bytes);

} // namespace game
