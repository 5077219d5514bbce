// game_server's broker: it opens its port (TCP, or UDP with a TCP port for
// stats), closes clients that keep it waiting, drops and ends clients, and
// hands each message it gets to its state (server_state.hpp).

#include <algorithm>
#include <chrono>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include <caf/actor_cast.hpp>
#include <caf/io/middleman.hpp>
#include <caf/io/system_messages.hpp>
#include <caf/send.hpp>

#include "server_state.hpp"
#include "udp_socket.hpp"

using namespace actorbench;

namespace game::server {

namespace {

/// The UDP socket's buffers asked for: net.core.rmem_max caps them (4 MiB
/// here); 208 KiB, Linux's default, holds about 280 small datagrams.
constexpr int udp_buffer_bytes = 4 << 20;

} // namespace

caf::result<std::uint16_t> server_state::open(std::uint16_t port, const std::string& bind) {
  std::uint16_t bound = 0;
  if (shared_->transport == game::transport::tcp) {
    auto r = self_->add_tcp_doorman(port, bind.c_str(), true);
    if (!r)
      return r.error();
    bound = r->second;
  } else {
    // Without reuse: a second server on the port must be refused, as over TCP.
    // Stats are served over TCP on the same port (never to an unverified
    // UDP source): with port 0, a UDP port whose TCP twin is free.
    game::parsed<game::udp_socket> sock = std::string{};
    for (int attempt = 0; attempt < 16; ++attempt) {
      sock = game::open_udp_socket(bind, port, udp_buffer_bytes);
      if (!sock)
        return caf::make_error(caf::sec::cannot_open_port, sock.err());
      auto admin = self_->add_tcp_doorman(sock->port, bind.c_str(), false);
      if (admin)
        break;
      ::close(sock->fd);
      if (port != 0 || attempt == 15)
        return caf::make_error(caf::sec::cannot_open_port,
                               "TCP port " + std::to_string(sock->port)
                                 + " for stats: " + self_->system().render(admin.error()));
    }
    // CAF 0.17 files a servant made from a socket under none of its
    // handles: close_all() would then never shut it (the server hung at
    // exit). File it under its own.
    auto servant = self_->backend().new_datagram_servant(sock->fd);
    auto hdl = servant->hdl();
    servant_ = servant;
    udp_fd_ = sock->fd;
    self_->add_datagram_servant(servant);
    self_->add_hdl_for_datagram_servant(servant, hdl);
    bound = sock->port;
    std::cout << "game_server: UDP receive buffer " << sock->receive_buffer << " bytes"
              << std::endl;
  }
  start_workers();
  schedule_tick();
  return bound;
}

/// Closes the connections that kept the server waiting too long.
void server_state::on_tick() {
  auto now = clock_type::now();
  const auto& t = shared_->timeouts;
  std::vector<std::pair<peer_handle, std::string>> late;
  for (const auto& [hdl, c] : conns_) {
    if (c.frame_started && now - *c.frame_started > t.frame)
      late.emplace_back(
        hdl, "an unfinished frame for more than " + seconds(t.frame) + " (--frame-timeout)");
    else if (c.receiver && now - c.welcomed_at > t.frame)
      late.emplace_back(hdl, "no packet that decrypts within " + seconds(t.frame)
                               + " of its welcome (--frame-timeout)");
    else if (!c.session && !c.receiver && !c.ticket && now - c.last_frame > t.frame)
      late.emplace_back(hdl, "no hello within " + seconds(t.frame) + " (--frame-timeout)");
    else if (c.session && t.idle.count() > 0 && now - c.last_frame > t.idle)
      late.emplace_back(hdl, "no frame for more than " + seconds(t.idle) + " (--idle-timeout)");
  }
  for (const auto& [hdl, why] : late)
    drop(hdl, why);
  print(shared_->closed_log.advance(now));
  schedule_tick();
}

/// The next on_tick, sent with no sender: CAF 0.17's brokers never close
/// their mailbox (abstract_broker::cleanup skips scheduled_actor's), so a
/// tick that comes after the broker stopped stays in it, and one naming
/// the broker as its sender kept the broker alive, and with it the
/// workers' exit messages queued there (LeakSanitizer at SIGTERM, about
/// one run in six of stall_test).
void server_state::schedule_tick() {
  caf::delayed_anon_send(caf::actor_cast<caf::actor>(self_), tick_interval(), tick_atom::value);
}

/// A quarter of the shortest timeout, at most a second: a connection is
/// closed at most that much after its time is up.
clock_type::duration server_state::tick_interval() const {
  const auto& t = shared_->timeouts;
  auto shortest = t.idle.count() > 0 ? std::min(t.frame, t.idle) : t.frame;
  return std::min<clock_type::duration>(shortest / 4, std::chrono::seconds{1});
}

std::string server_state::seconds(clock_type::duration d) {
  std::ostringstream out;
  out << std::chrono::duration<double>(d).count() << " s";
  return out.str();
}

/// Drops a client that left too much unread: over its own --max-unsent,
/// or the most of all when --max-unsent-total was reached (`at_total`).
/// Its connection is reset: its queued replies go at once.
void server_state::drop_slow_reader(peer_handle hdl, bool at_total) {
  drop(hdl, unread_replies, at_total ? slow_reader::at_total : slow_reader::over_own);
}

void server_state::drop(peer_handle hdl, const std::string& problem, slow_reader slow) {
  auto i = conns_.find(hdl);
  if (i == conns_.end())
    return;
  ++shared_->protocol_errors;
  auto& c = i->second;
  std::string why = problem;
  if (slow == slow_reader::over_own) {
    ++shared_->slow_readers_over_own;
    why += " (" + std::to_string(c.unsent) + " bytes queued, at --max-unsent "
           + std::to_string(shared_->max_unsent) + ")";
  } else if (slow == slow_reader::at_total) {
    ++shared_->slow_readers_at_total;
    why += " (" + std::to_string(c.unsent) + " bytes queued, the most when all clients had "
           + "--max-unsent-total " + std::to_string(shared_->max_unsent_total) + ")";
  }
  log_closed(c.peer, why);
  if (std::holds_alternative<caf::io::datagram_handle>(hdl))
    send_bye(hdl, c);
  else if (slow != slow_reader::no)
    abort_connection(std::get<caf::io::connection_handle>(hdl));
  forget(i);
}

/// Ends a client: its session, and the connection or the UDP address.
void server_state::forget(conn_map::iterator i) {
  auto hdl = i->first;
  end(i);
  if (auto* udp = std::get_if<caf::io::datagram_handle>(&hdl))
    retire(*udp);
  else
    self_->close(std::get<caf::io::connection_handle>(hdl));
}

/// Forgets a client and closes its session.
void server_state::end(conn_map::iterator i) {
  if (std::holds_alternative<caf::io::datagram_handle>(i->first)) {
    --udp_clients_;
    auto h = per_host_.find(i->second.host);
    if (h != per_host_.end() && --h->second == 0)
      per_host_.erase(h);
  }
  // A handshake still running: on_welcomed closes its session.
  if (auto t = i->second.ticket)
    tickets_.erase(*t);
  if (auto id = i->second.session) {
    shared_->pool->close(*id);
    by_session_.erase(*id);
  }
  unsent_total_ -= i->second.unsent;
  conns_.erase(i);
}

caf::behavior game_server(caf::io::broker* self, std::shared_ptr<server_shared> shared) {
  auto st = std::make_shared<server_state>(self, std::move(shared));
  return {
    [st](open_atom, std::uint16_t port, const std::string& bind) { return st->open(port, bind); },
    [st](const caf::io::new_connection_msg& msg) { st->on_connect(msg.handle); },
    [st](const caf::io::new_data_msg& msg) { st->on_data(msg.handle, msg.buf); },
    [st](const caf::io::connection_closed_msg& msg) { st->on_closed(msg.handle); },
    [st](const caf::io::data_transferred_msg& msg) { st->on_written(msg.handle, msg.remaining); },
    [st](const caf::io::new_datagram_msg& msg) {
      st->on_datagram(msg.handle,
                      {reinterpret_cast<const std::uint8_t*>(msg.buf.data()), msg.buf.size()});
    },
    [st](const caf::io::datagram_servant_closed_msg&) { st->on_servant_closed(); },
    [st](tick_atom) { st->on_tick(); },
    [](const caf::io::acceptor_closed_msg&) {},
    [st](game::welcomed_atom, std::uint64_t ticket, std::uint32_t session,
         const game::bytes& reply) { st->on_welcomed(ticket, session, reply); },
    [st](game::pending_atom, std::uint64_t ticket, game::pending_receiver& rx,
         game::session_sender& tx,
         const game::bytes& reply) { st->on_pending(ticket, std::move(rx), std::move(tx), reply); },
    [st](game::refused_atom, std::uint64_t ticket, const std::string& why) {
      st->on_refused(ticket, why);
    },
    // The pool's handler: the game logic would use the plaintext; this demo only answers.
    [st](std::uint32_t session, const crypto::bytes& text) {
      st->on_verdict(session, std::nullopt, text.empty());
    },
    [st](actors::rejected_atom, std::uint32_t session, caf::atom_value reason) {
      auto why = game::rejection_reason::forged;
      if (reason == actors::malformed_atom::value)
        why = game::rejection_reason::malformed;
      else if (reason == actors::replayed_atom::value)
        why = game::rejection_reason::duplicate;
      else if (reason == actors::stale_atom::value)
        why = game::rejection_reason::too_old;
      st->on_verdict(session, why);
    },
  };
}

} // namespace game::server
