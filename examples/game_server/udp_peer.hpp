#pragma once

// The remote address of a UDP client as CAF 0.17 keeps it. The broker API
// gives only a datagram handle's port (abstract_broker::remote_addr names
// the server's own socket), but the cookie must bind the address too, and
// the caps and the log need it: the servant's handler holds it, reached here.

#include <optional>
#include <string>

#include <caf/io/datagram_handle.hpp>
#include <caf/io/datagram_servant.hpp>

#include "crypto/bytes.hpp"

namespace game {

/// A remote UDP address, as bytes to MAC and compare and as text to log.
struct udp_peer {
  /// Family (1 byte) || address (4 or 16 bytes) || port (2 bytes).
  actorbench::crypto::bytes key;
  /// The same without the port: the per-address cap's key.
  actorbench::crypto::bytes host;
  /// "1.2.3.4:5" or "[::1]:5".
  std::string text;
};

/// The address CAF received `hdl`'s datagrams from; nothing if `servant` is
/// not CAF's default datagram servant or does not know `hdl`.
std::optional<udp_peer> peer_of(caf::io::datagram_servant& servant, caf::io::datagram_handle hdl);

/// Sends `size` bytes to `hdl`'s address on `fd` (the servant's socket) at
/// once, bypassing CAF's queue; false if the address is unknown or the
/// socket cannot take the datagram now (it is lost, as UDP may lose it).
/// CAF 0.17 writes one queued datagram per turn of its loop and reads up to
/// 50: under a flood of reads its queue of replies grew without bound.
bool send_to_peer(caf::io::datagram_servant& servant, int fd, caf::io::datagram_handle hdl,
                  const std::uint8_t* data, std::size_t size);

/// Lets go of the servant that CAF 0.17's datagram handler holds as its
/// writer: it takes it with each new remote address and drops it only when
/// a write through CAF's queue ends, which send_to_peer never starts, so
/// the servant held itself and outlived the process (LeakSanitizer). Call
/// when the servant is done, on the multiplexer's thread.
void release_writer(caf::io::datagram_servant& servant);

} // namespace game
