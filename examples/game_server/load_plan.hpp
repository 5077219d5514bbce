#pragma once

// What the load generator gives each client (run_plan, client_args) and what
// each reports back (client_result), with the limits main and the clients
// share.

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <caf/atom.hpp>
#include <caf/io/connection_handle.hpp>
#include <caf/io/datagram_handle.hpp>

#include "actors/runtime/countdown_latch.hpp"
#include "client_script.hpp"
#include "command_line.hpp"
#include "crypto/key_agreement.hpp"
#include "hello_backoff.hpp"

namespace game::load_generator {

using clock_type = std::chrono::steady_clock;
using go_atom = caf::atom_constant<caf::atom("go")>;
using tick_atom = caf::atom_constant<caf::atom("tick")>;
using game::client_kind;
using game::verdict;

/// Packets a client may have unanswered; it skips sending beyond that.
constexpr std::uint64_t window = 64;
/// How long clients wait for their last verdicts after sending stops.
/// (Only a failing run waits it out; sanitizer builds answer slowly.)
constexpr std::chrono::seconds drain_limit{10};
/// When a client sends its hello again, and when it gives up.
constexpr game::hello_backoff hello_retry{};

/// Why a client dropped a frame it did not expect, unread. Over UDP anyone
/// can send from the server's address, so none of these ends or fails a
/// client; each is counted and reported.
enum class dropped_frame {
  /// UDP: a datagram that is not one valid frame.
  not_a_frame,
  /// Kinds only a client sends (a server never does).
  hello,
  packet,
  stats_request,
  /// Counters it never asked for (its probe asks on its own connection).
  stats,
  /// A challenge once welcomed (no hello of its awaits one).
  challenge,
  /// A welcome once welcomed: a repeated hello's, a copy, or anyone's.
  welcome,
};
constexpr std::size_t dropped_frame_count = 7;
/// Their names, as the report prints them.
constexpr const char* dropped_frame_names[dropped_frame_count] = {
  "not_a_frame", "hello", "packet", "stats_request", "stats", "challenge", "welcome"};

struct client_result {
  client_kind kind = client_kind::good;
  /// Over UDP (a garbage client's bad datagram is then ignored, not fatal).
  bool udp = false;
  /// Packets made, and those of them dropped on purpose (--loss).
  std::uint64_t sent = 0;
  std::uint64_t lost = 0;
  /// Verdicts received, by verdict.
  std::array<std::uint64_t, game::verdict_count> verdicts{};
  /// Verdicts other than the one expected, and the first of them.
  std::uint64_t unexpected = 0;
  std::string first_unexpected;
  /// Verdicts not counted, dropped. `unmatched`: naming no packet this
  /// client sent (by epoch, counter and tag's end, which no one who did
  /// not see the packet can guess): forged from the server's address, or
  /// the server's verdict on a packet someone else sent with this client's
  /// address (or for one answered before its last 256 verdicts). `copies`: for a
  /// packet already answered (the network copied the packet or its
  /// verdict). `uncounted`: forged or duplicate for a packet that awaits
  /// another verdict (a copy's verdict come first, or a server under
  /// another key), and the first of these.
  std::uint64_t unmatched = 0;
  std::uint64_t copies = 0;
  std::uint64_t uncounted = 0;
  std::string first_uncounted;
  /// Frames dropped unread, by why (dropped_frame).
  std::array<std::uint64_t, dropped_frame_count> dropped{};
  /// Welcomes whose handshake reply did not verify (the hello is sent again).
  std::uint64_t bad_welcomes = 0;
  /// UDP: byes that did not open under the session's key (or came before
  /// it had one): anyone can send from the server's address; ignored.
  std::uint64_t bad_byes = 0;
  /// The server closed the connection (TCP) or sent a bye that opened (UDP);
  /// for a UDP mitm client: its hellos, behind the server's cookie, were
  /// never welcomed (the server has no key to say so with).
  bool closed_by_server = false;
  /// When the server's welcome came (the session open), if it did.
  std::optional<clock_type::time_point> welcomed_at;
  /// Why the client failed; empty if it ran to the end.
  std::string failure;
  /// Seconds from sending a packet to its verdict.
  std::vector<float> latencies;

  std::uint64_t answered() const {
    std::uint64_t n = 0;
    for (auto x : verdicts)
      n += x;
    return n;
  }
  /// Packets on the wire still without a verdict.
  std::uint64_t unanswered() const { return sent - lost - answered(); }
};

struct run_plan {
  std::chrono::duration<double> duration;
  double rate = 0;
  const actorbench::crypto::backend* backend = nullptr;
  const actorbench::crypto::cipher_info* cipher = nullptr;
  game::transport transport = game::transport::tcp;
  double loss = 0;
  /// The handshake, the server's public key the clients pin, and another
  /// one for the man in the middle.
  const actorbench::crypto::key_agreement* ka = nullptr;
  actorbench::crypto::bytes server_key{};
  actorbench::crypto::bytes wrong_server_key{};
};

/// A client's way to the server: a TCP connection or a UDP socket.
using link = std::variant<caf::io::connection_handle, caf::io::datagram_handle>;

/// A client's inputs, the same over either transport.
struct client_args {
  const run_plan* plan = nullptr;
  client_result* result = nullptr;
  actorbench::actors::countdown_latch* done = nullptr;
  std::uint64_t seed = 0;
};

} // namespace game::load_generator
