#pragma once

#include <string>

namespace actorbench::actors {

/// The address of the peer of socket `fd`, "IP:port" ("[IP]:port" for
/// IPv6), or "unknown peer" when the socket has none (closed, not connected).
std::string socket_peer(int fd);

} // namespace actorbench::actors
