#pragma once

// The game server's wire format: a TCP stream of length-prefixed frames.
//
//   frame   = length (4 bytes, big-endian) || type (1 byte) || payload
//   length  = 1 + payload size, so never 0
//
// Client to server: `hello` (the session key, once, first; over UDP behind
// the server's cookie), `packet` (nonce || ciphertext || tag under that key),
// `stats_request` (TCP). Server to client: `challenge` (UDP, the cookie),
// `accepted` or `rejected` (one per packet, in order, naming its counter and
// echoing the end of its tag), `stats`, `bye` (UDP, sealed).
//
// decode_frame() is a pure function of its input: it never throws, aborts or
// allocates, and it reads only inside the view it is given, whatever the bytes
// (a libFuzzer target calls it on arbitrary input).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "crypto/bytes.hpp"
#include "crypto/error.hpp"

namespace game {

using actorbench::crypto::bytes;
using actorbench::crypto::bytes_view;

enum class frame_type : std::uint8_t {
  /// Client: the handshake's first message (actors/session_pool/handshake.hpp).
  hello = 1,
  /// Client: one secure_channel packet, epoch || counter || ciphertext || tag.
  packet = 2,
  /// Client: asks for the server's counters; no payload.
  stats_request = 3,
  /// Server: the client's oldest unanswered packet decrypted; the payload
  /// names it (packet_id, 17 bytes): its epoch and counter as the packet
  /// carries them, and its last 8 bytes (the end of its tag), which no one
  /// who did not see the packet can guess: a verdict spoofed from the
  /// server's address names no packet its client sent.
  accepted = 4,
  /// Server: it was dropped; the payload is one rejection_reason byte and
  /// the packet's name (packet_id, 17 bytes).
  rejected = 5,
  /// Server: the counters (server_stats), answering stats_request.
  stats = 6,
  /// Server: the handshake's reply (the answer to `hello`): the session is
  /// open, packets may follow.
  /// Over UDP a client sends its hello again until this arrives.
  welcome = 7,
  /// Server, over UDP (which has no disconnect): the session is over. The
  /// payload is a secure_channel packet of an empty message sealed under the
  /// session's server-to-client key, so that only the server can end a
  /// client (a bye that does not open is dropped). A TCP client may send
  /// one with no payload (the stream cannot be spoofed); over UDP a client's
  /// disconnect is a sealed `packet` of an empty message instead.
  bye = 8,
  /// Server, over UDP: the answer to a hello without a valid cookie; the
  /// payload is the cookie (cookie_size bytes) to send back in front of the
  /// hello. Smaller than the hello it answers (no amplification).
  challenge = 9,
};

/// Why the server dropped a packet (the payload of a `rejected` frame).
enum class rejection_reason : std::uint8_t {
  /// Too short to hold a nonce and a tag.
  malformed = 1,
  /// The tag did not verify: tampered, or not under this session's key.
  forged = 2,
  /// A replay: this packet's counter was accepted before.
  duplicate = 3,
  /// Older than the session's replay window: it cannot tell, so it refuses.
  too_old = 4,
};

/// Bytes before the body.
constexpr std::size_t header_size = 4;
/// Largest handshake hello a hello frame may carry (the handshake's own limit is lower).
constexpr std::size_t max_hello_size = 512;
/// Over UDP a hello's payload is a cookie of this many bytes (zeros before
/// the server sent one) followed by the handshake's hello.
constexpr std::size_t cookie_size = 16;
/// A secure_channel packet's header: its epoch (1) and counter (8, big-endian).
constexpr std::size_t packet_header_size = 9;
/// Bytes of a packet's end a verdict echoes (the end of its AEAD tag).
constexpr std::size_t tag_echo_size = 8;
/// Bytes that name a packet in a verdict: its header, then its last
/// tag_echo_size bytes.
constexpr std::size_t packet_id_size = packet_header_size + tag_echo_size;
/// The largest verdict frame (a rejection). Over UDP the server answers no
/// packet datagram smaller than this (no reply larger than what it answers).
constexpr std::size_t max_verdict_frame_size = header_size + 1 + 1 + packet_id_size;
/// Largest payload of any frame; a longer length is refused before reading it.
constexpr std::size_t max_payload_size = 16 * 1024;

/// The server's counters, as a `stats` frame carries them.
struct server_stats {
  std::uint64_t sessions_open = 0;
  std::uint64_t sessions_opened = 0;
  std::uint64_t packets_delivered = 0;
  std::uint64_t packets_accepted = 0;
  std::uint64_t packets_malformed = 0;
  std::uint64_t packets_forged = 0;
  /// Connections closed for a frame that broke the protocol.
  std::uint64_t protocol_errors = 0;
  /// Packets rejected as replays, and as older than the replay window (or of
  /// a retired key), counted apart from forgeries.
  std::uint64_t packets_duplicate = 0;
  std::uint64_t packets_too_old = 0;
  /// UDP: client addresses the server holds (CAF keeps an entry per
  /// address until the server removes it); 0 over TCP.
  std::uint64_t udp_addresses = 0;
  /// UDP: datagrams dropped without an answer (no session and no valid
  /// cookie, or not a sealed packet of the session at their address).
  std::uint64_t udp_dropped = 0;
};

/// Payload size of a `stats` frame: eleven 8-byte big-endian counters.
constexpr std::size_t stats_payload_size = 11 * 8;

/// Why a frame could not be decoded. After any of these the stream cannot be
/// resynchronised: the connection must be closed.
enum class codec_errc {
  /// The length field is 0 (a frame has at least its type byte).
  empty_frame = 1,
  /// The length field exceeds 1 + max_payload_size.
  oversized,
  /// The type byte is not a frame_type.
  unknown_type,
  /// The payload size is not allowed for this type (e.g. a hello without a
  /// key, an `accepted` with a payload).
  bad_payload_size,
  /// A datagram that is not exactly one whole frame (decode_datagram).
  not_one_frame,
};

/// Short stable name, e.g. "oversized".
std::string_view to_string(codec_errc code) noexcept;

/// One decoded frame; `payload` points into the decoded input.
struct frame {
  frame_type type;
  bytes_view payload;
  /// Bytes of input this frame took (header_size + 1 + payload.size).
  std::size_t size = 0;
};

/// The first frame at the start of `in`; nothing (an empty optional) while
/// `in` holds only part of a frame that may still be valid; an error as soon
/// as the header or type is invalid (without waiting for the rest).
actorbench::crypto::result<std::optional<frame>, codec_errc> decode_frame(bytes_view in) noexcept;

/// The frame a UDP datagram carries: each datagram is exactly one frame, so
/// a part of one or bytes after it are an error (not_one_frame).
actorbench::crypto::result<frame, codec_errc> decode_datagram(bytes_view in) noexcept;

/// A frame of `type` with `payload`. The payload must be valid for the type
/// (decode_frame accepts the result); this is not checked.
bytes encode_frame(frame_type type, bytes_view payload);

/// A packet's name in its verdict: its epoch and counter (a sender's counter
/// starts again at each new key), and its last 8 bytes (`echo`, the end of
/// its tag), so that only who saw the packet can name it. A packet too
/// short to hold a header is named by the bytes it has, the rest taken as
/// zeros; one shorter than 8 bytes echoes them behind zeros.
struct packet_id {
  std::uint8_t epoch = 0;
  std::uint64_t counter = 0;
  std::uint64_t echo = 0;
  bool operator==(const packet_id& o) const noexcept {
    return epoch == o.epoch && counter == o.counter && echo == o.echo;
  }
  bool operator<(const packet_id& o) const noexcept {
    if (epoch != o.epoch)
      return epoch < o.epoch;
    return counter != o.counter ? counter < o.counter : echo < o.echo;
  }
};

/// The name of a secure_channel packet (epoch || counter || ciphertext || tag).
packet_id id_of_packet(bytes_view packet) noexcept;

/// A verdict on the packet `id`: `accepted` without a reason, else
/// `rejected` for it.
bytes encode_verdict(std::optional<rejection_reason> reason, const packet_id& id);

/// A verdict frame: its reason (none: accepted) and the packet it names;
/// nothing if `f` is not a verdict (or a rejection's reason is unknown).
struct verdict_frame {
  std::optional<rejection_reason> reason;
  packet_id id;
};
std::optional<verdict_frame> decode_verdict(const frame& f) noexcept;

/// The payload of a `stats` frame, and back; nothing if the size is wrong.
bytes encode_stats(const server_stats& stats);
std::optional<server_stats> decode_stats(bytes_view payload) noexcept;

} // namespace game
