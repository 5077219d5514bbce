#pragma once

// What game_server's broker holds for each client: a TCP connection or a
// UDP address, its session and handshake, its packets awaiting verdicts.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <caf/io/connection_handle.hpp>
#include <caf/io/datagram_handle.hpp>

#include "frame_reader.hpp"
#include "handshake_worker.hpp"
#include "packet_codec.hpp"
#include "server_shared.hpp"

namespace game::server {

/// A TCP connection, or a UDP client (one remote address and port).
using peer_handle = std::variant<caf::io::connection_handle, caf::io::datagram_handle>;

/// The packets a session has not answered yet, oldest first: each verdict
/// names the oldest (a session handles its packets in order).
class pending_packets {
 public:
  void push(const game::packet_id& id) { ids_.push_back(id); }
  std::optional<game::packet_id> pop() {
    if (head_ == ids_.size())
      return std::nullopt;
    auto id = ids_[head_++];
    if (head_ == ids_.size()) {
      ids_.clear();
      head_ = 0;
    } else if (head_ > 64 && head_ * 2 > ids_.size()) {
      ids_.erase(ids_.begin(), ids_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
    return id;
  }

 private:
  std::vector<game::packet_id> ids_;
  std::size_t head_ = 0;
};

struct connection {
  std::string peer;
  /// UDP: its source address without the port (the per-address cap's key).
  game::bytes host;
  /// UDP: the hello datagram's payload (cookie and hello); only the same
  /// bytes again are answered with the welcome again.
  game::bytes hello;
  /// The welcome sent for its hello, sent again if a UDP client repeats it.
  game::bytes welcome;
  /// Its packets awaiting their verdicts.
  pending_packets pending;
  /// A packet of its session decrypted: the client holds the keys (until
  /// then it has proved nothing; WireGuard's responder waits likewise).
  bool confirmed = false;
  /// When its session was opened (the welcome).
  clock_type::time_point welcomed_at;
  game::frame_reader reader;
  /// When it connected or last completed a frame.
  clock_type::time_point last_frame;
  /// When the first byte of the frame it has not finished arrived.
  std::optional<clock_type::time_point> frame_started;
  std::optional<std::uint32_t> session;
  /// UDP: its handshake's receiving half while it has proved nothing; its
  /// first packet that decrypts opens the session with it.
  game::pending_receiver receiver;
  /// UDP, once welcomed: the session's sending half, which seals the
  /// server's `bye` (the client drops one that does not open).
  game::session_sender sender;
  /// Its hello's handshake, while a worker has it.
  std::optional<std::uint64_t> ticket;
  /// Its last hello was dropped (--max-handshakes): a retry is coming.
  bool hello_dropped = false;
  /// TCP: reply bytes queued in CAF and not yet written to the socket.
  std::size_t unsent = 0;
  std::uint64_t accepted = 0;
  std::uint64_t malformed = 0;
  std::uint64_t forged = 0;
  /// Duplicates and packets older than the replay window.
  std::uint64_t replayed = 0;
};

} // namespace game::server
