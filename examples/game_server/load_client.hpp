#pragma once

// One load-generator client: a CAF broker on its own TCP connection or UDP
// socket that opens a session with the handshake, sends its class's packets
// at the planned rate and checks every verdict. Its state machine is in
// load_client.cpp, what it makes of the server's frames in
// load_client_frames.cpp, its sockets and behaviour in load_client_sockets.cpp.

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <utility>

#include <caf/behavior.hpp>
#include <caf/io/broker.hpp>

#include "actors/runtime/countdown_latch.hpp"
#include "actors/session_pool/handshake.hpp"
#include "actors/session_pool/secure_channel.hpp"
#include "client_script.hpp"
#include "frame_reader.hpp"
#include "load_plan.hpp"
#include "packet_codec.hpp"

namespace game::load_generator {

/// One client broker's state.
class client_state {
 public:
  client_state(caf::io::broker* self, link to, const run_plan& plan, client_result& result,
               actorbench::actors::countdown_latch& done,
               actorbench::actors::client_handshake handshake, std::uint64_t seed);

  void go();
  void tick();
  void on_data(const char* data, std::size_t size);
  void on_exit();
  void on_closed();

 private:
  // load_client.cpp
  bool sends_packets() const;
  bool refused_in_silence() const;
  void end_unwelcomed();
  actorbench::crypto::result<game::bytes> seal(game::bytes_view text);
  void send_packet(clock_type::time_point now);
  void send_hello();
  void send_garbage();
  bool write(const game::bytes& frame, bool may_lose);
  void finish();

  // load_client_frames.cpp
  bool on_welcome(game::bytes_view reply);
  bool answered_mitm();
  bool on_frame(const game::frame& f);
  bool drop(dropped_frame why);
  void count_verdict(const game::verdict_frame& v);
  bool sealed_bye(game::bytes_view payload);
  bool was_counted(const game::packet_id& id, verdict v) const;
  bool was_answered(const game::packet_id& id) const;

  caf::io::broker* self_;
  link link_;
  const run_plan& plan_;
  client_result& result_;
  actorbench::actors::countdown_latch& done_;
  std::optional<actorbench::actors::client_handshake> handshake_;
  std::optional<actorbench::actors::channel_sender> sender_;
  /// Opens the server's sealed bye (UDP).
  std::optional<actorbench::actors::channel_receiver> receiver_;
  game::client_script script_;
  std::mt19937_64 rng_;
  std::mt19937_64 jitter_rng_;
  std::uniform_real_distribution<double> jitter_{0.0, 1.0};
  std::bernoulli_distribution loss_;
  game::frame_reader reader_;
  game::bytes hello_;
  /// Hellos sent, when the first went, and when the next is due.
  int hellos_ = 0;
  clock_type::time_point first_hello_, next_hello_;
  bool welcomed_ = false;
  /// A challenge came for its hello (UDP).
  bool challenged_ = false;
  /// The packets on the wire awaiting verdicts, by their names: when each
  /// was sent and the verdict it must get (a copy sent is a second one).
  struct expectation {
    clock_type::time_point sent_at;
    verdict want;
  };
  std::multimap<game::packet_id, expectation> expected_;
  /// The last verdicts counted, to know a copy of one (the network may
  /// duplicate the server's datagrams too).
  std::array<std::pair<game::packet_id, verdict>, 256> counted_{};
  std::size_t counted_next_ = 0;
  clock_type::time_point start_ = clock_type::now();
  clock_type::time_point end_ = start_ + std::chrono::hours{1};
  bool finished_ = false;
};

/// A TCP client on its connection; a UDP client on its own socket,
/// connected to the server (load_client_sockets.cpp).
caf::behavior tcp_client(caf::io::broker* self, caf::io::connection_handle hdl, client_args args);
caf::behavior udp_client(caf::io::broker* self, std::string host, std::uint16_t port,
                         client_args args);

} // namespace game::load_generator
