#pragma once

// What each class of load-generator client sends and the verdict it expects
// for every packet: the hostile classes replay, reorder, send stale or
// corrupted packets, and each knows what an honest server must answer. Pure
// logic (no I/O), so that a unit test can check each class's plan.

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "packet_codec.hpp"

namespace game {

/// The load generator's client classes.
enum class client_kind {
  /// Every packet valid: each must be accepted.
  good,
  /// One byte of each sealed packet flipped: each forged.
  tampered,
  /// Packets too short for a header and tag: each malformed.
  malformed,
  /// An invalid frame after hello: the server must end the session.
  garbage,
  /// Every other packet a byte-for-byte copy of one accepted before: each
  /// copy a duplicate.
  replay,
  /// Batches of four sent out of order (each accepted once), then one of the
  /// batch again (a duplicate): what UDP does within the replay window.
  reorder,
  /// Packets sealed first but sent only after far newer ones: beyond the
  /// window, each too old.
  stale,
  /// A man in the middle: the handshake under a server key other than the
  /// server's (the client's pinned key is not the one it talks to). The
  /// server must refuse the hello and end the session; no packet is sent.
  mitm,
};

/// Every client_kind, in order, and its name.
constexpr client_kind all_kinds[] = {
  client_kind::good,   client_kind::tampered, client_kind::malformed, client_kind::garbage,
  client_kind::replay, client_kind::reorder,  client_kind::stale,     client_kind::mitm};
constexpr std::size_t kind_count = sizeof(all_kinds) / sizeof(all_kinds[0]);

/// The kind's name, as its command-line option and report row use it.
std::string_view to_string(client_kind kind) noexcept;

/// What the server answers for one packet.
enum class verdict { accepted, malformed, forged, duplicate, too_old };
constexpr std::size_t verdict_count = 5;

/// The verdict a rejection reason stands for.
verdict verdict_of(rejection_reason reason) noexcept;

/// Name for reports, e.g. "too_old".
std::string_view to_string(verdict v) noexcept;

/// One packet to send and what must come back for it.
struct planned_packet {
  bytes packet;
  verdict expected = verdict::accepted;
  /// A fresh packet (not a copy of one sent before): the server has not seen
  /// it, so if it is sent a copy of it is a duplicate.
  bool fresh = false;
};

/// Seals one plaintext as the session's next packet (its counter advancing).
using sealer = std::function<actorbench::crypto::result<bytes>(bytes_view plaintext)>;

/// The plan of one client: next() gives the packet to send, sent() is told
/// which ones were sent (the others were lost on purpose, so that copies are
/// made only of packets the server saw).
class client_script {
 public:
  /// Packets the stale class seals past its held-back ones: beyond any
  /// replay window the server may keep (replay_window.hpp: 4,032 packets).
  static constexpr std::uint64_t stale_gap = 8192;
  /// Fresh packets the stale class sends before its first held-back one.
  static constexpr std::uint64_t stale_lead = 8;

  /// `malformed_size`: bytes of a malformed packet (less than a header and tag).
  client_script(client_kind kind, sealer seal, std::size_t malformed_size);

  /// The next packet; an error if sealing failed.
  actorbench::crypto::result<planned_packet> next();

  /// `p` (from next()) went on the wire.
  void sent(const planned_packet& p);

 private:
  actorbench::crypto::result<planned_packet> fresh(verdict expected);
  actorbench::crypto::result<planned_packet> next_reorder();
  actorbench::crypto::result<planned_packet> next_stale();
  std::optional<planned_packet> copy_of_sent();

  client_kind kind_;
  sealer seal_;
  std::size_t malformed_size_;
  std::uint64_t count_ = 0;
  /// The last fresh packet sent, for replay and reorder to copy.
  std::optional<bytes> last_fresh_;
  /// Sealed but not yet handed out: the rest of a reorder batch, or the stale
  /// class's held-back packets.
  std::deque<bytes> held_;
  /// The stale class has sealed its held-back packets and the gap.
  bool primed_ = false;
  /// Fresh packets sent since the stale class primed: the first of them
  /// moves the server's window past the held-back ones.
  std::uint64_t newer_sent_ = 0;
};

} // namespace game
