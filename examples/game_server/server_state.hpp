#pragma once

// game_server's broker: its state and logic, on the middleman's I/O thread.
// One class, its members defined by concern: server_broker.cpp (opening the
// port, the timeouts' tick, dropping and ending clients), server_tcp.cpp,
// server_udp.cpp, server_sessions.cpp (handshakes, verdicts) and
// server_output.cpp (logs, reports, stats).

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <caf/atom.hpp>
#include <caf/behavior.hpp>
#include <caf/io/broker.hpp>

#include "actors/session_pool/secure_channel.hpp"
#include "handshake_worker.hpp"
#include "packet_codec.hpp"
#include "server_connection.hpp"
#include "server_shared.hpp"
#include "udp_peer.hpp"

namespace game::server {

using open_atom = caf::atom_constant<caf::atom("open")>;
using tick_atom = caf::atom_constant<caf::atom("tick")>;

/// Why a client was dropped as a slow reader (on_data, send_or, drop_slow_reader).
constexpr const char* unread_replies = "it does not read its replies";

/// The broker's state and logic; lives in its behavior.
class server_state {
 public:
  server_state(caf::io::broker* self, std::shared_ptr<server_shared> shared)
    : self_(self), shared_(std::move(shared)) {}

  /// This state goes with the broker's behaviour, at the broker's cleanup:
  /// nothing is sent after this, and the UDP servant can go (udp_peer.hpp:
  /// it held itself; valgrind found it lost at exit, 66 KiB, until this).
  ~server_state() {
    if (servant_)
      game::release_writer(*servant_);
  }

  caf::result<std::uint16_t> open(std::uint16_t port, const std::string& bind);
  void on_tick();

  void on_connect(caf::io::connection_handle hdl);
  void on_written(caf::io::connection_handle hdl, std::size_t remaining);
  void on_data(caf::io::connection_handle hdl, const std::vector<char>& data);
  void on_closed(caf::io::connection_handle hdl);

  void on_datagram(caf::io::datagram_handle hdl, game::bytes_view data);
  void on_servant_closed();

  void on_verdict(std::uint32_t session, std::optional<game::rejection_reason> reason,
                  bool empty = false);
  void on_welcomed(std::uint64_t ticket, std::uint32_t id, const game::bytes& reply);
  void on_pending(std::uint64_t ticket, game::pending_receiver receiver,
                  game::session_sender sender, const game::bytes& reply);
  void on_refused(std::uint64_t ticket, const std::string& why);

 private:
  using conn_map = std::unordered_map<peer_handle, connection>;
  enum class slow_reader { no, over_own, at_total };

  // server_broker.cpp
  void schedule_tick();
  clock_type::duration tick_interval() const;
  static std::string seconds(clock_type::duration d);
  void drop_slow_reader(peer_handle hdl, bool at_total);
  void drop(peer_handle hdl, const std::string& problem, slow_reader slow = slow_reader::no);
  void forget(conn_map::iterator i);
  void end(conn_map::iterator i);

  // server_tcp.cpp
  bool on_frame(peer_handle hdl, connection& c, const game::frame& f, std::string& problem);
  bool send(peer_handle hdl, connection& c, const game::bytes& frame);
  bool send_or(peer_handle hdl, connection& c, const game::bytes& frame, std::string& problem);
  conn_map::iterator slowest_reader();
  void abort_connection(caf::io::connection_handle hdl);

  // server_udp.cpp
  void on_stranger(caf::io::datagram_handle hdl, game::bytes_view data);
  void make_room(const game::bytes& host);
  static bool lower_value(const connection& a, const connection& b);
  bool on_client_datagram(peer_handle hdl, connection& c, const game::frame& f);
  void retire(caf::io::datagram_handle hdl);
  void remove_address(caf::io::datagram_handle hdl);
  void confirm(peer_handle hdl, connection& c, game::bytes_view packet);
  static game::rejection_reason rejection_of(actorbench::actors::packet_verdict v);
  void send_datagram(caf::io::datagram_handle hdl, const game::bytes& frame);
  void send_bye(peer_handle hdl, connection& c);

  // server_sessions.cpp
  std::optional<peer_handle> answered(std::uint64_t ticket);
  connection& welcome(peer_handle hdl, const game::bytes& reply);
  void send_welcome(peer_handle hdl, connection& c);
  static void count(connection& c, std::optional<game::rejection_reason> reason);
  void start_workers();
  void start_handshake(peer_handle hdl, connection& c, game::bytes_view hello);
  void deliver(connection& c, game::bytes_view packet);

  // server_output.cpp
  static void report(const connection& c);
  void log_closed(const std::string& peer, const std::string& why);
  static void print(const std::vector<std::string>& lines);
  game::server_stats stats() const;

  caf::io::broker* self_;
  std::shared_ptr<server_shared> shared_;
  conn_map conns_;
  std::unordered_map<std::uint32_t, peer_handle> by_session_;
  std::vector<caf::actor> workers_;
  /// The clients whose hellos the workers have, by ticket; a ticket whose
  /// client left is gone from here but still counts in flight.
  std::unordered_map<std::uint64_t, peer_handle> tickets_;
  std::uint64_t next_ticket_ = 0;
  std::size_t handshakes_in_flight_ = 0;
  /// The UDP socket's servant: it knows each address (udp_peer.hpp).
  caf::io::datagram_servant_ptr servant_;
  int udp_fd_ = -1;
  /// UDP clients held, in all and per source address.
  std::size_t udp_clients_ = 0;
  std::map<game::bytes, std::size_t> per_host_;
  /// TCP: the clients' `unsent`, summed.
  std::size_t unsent_total_ = 0;
  /// Why send() last refused: --max-unsent-total (true) or --max-unsent.
  bool refused_at_total_ = false;
};

/// The broker's behaviour: the messages of CAF, the handshake workers and
/// the pool, handed to a server_state (server_broker.cpp).
caf::behavior game_server(caf::io::broker* self, std::shared_ptr<server_shared> shared);

} // namespace game::server
