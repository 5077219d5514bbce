// game_server's TCP side: connections, their byte streams split into frames,
// and their replies, queued within --max-unsent and --max-unsent-total
// (a client that does not read them is dropped as a slow reader).

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include <sys/socket.h>

#include "actors/remote/endpoint_name.hpp"
#include "server_state.hpp"

using namespace actorbench;

namespace game::server {

void server_state::on_connect(caf::io::connection_handle hdl) {
  auto& c = conns_[peer_handle{hdl}];
  c.peer = actors::endpoint_name(self_->remote_addr(hdl), self_->remote_port(hdl));
  c.last_frame = clock_type::now();
  self_->configure_read(hdl, caf::io::receive_policy::at_most(8192));
  // Each write then reports what is still queued (on_written).
  self_->ack_writes(hdl, true);
}

/// CAF wrote some of a client's replies; `remaining` are still queued
/// (its buffer being written and the one filling behind it).
void server_state::on_written(caf::io::connection_handle hdl, std::size_t remaining) {
  auto i = conns_.find(peer_handle{hdl});
  if (i == conns_.end())
    return;
  auto& c = i->second;
  unsent_total_ -= c.unsent - std::min(c.unsent, remaining);
  c.unsent = std::min(c.unsent, remaining);
}

void server_state::on_data(caf::io::connection_handle hdl, const std::vector<char>& data) {
  auto i = conns_.find(peer_handle{hdl});
  if (i == conns_.end())
    return;
  auto& c = i->second;
  c.reader.append(data.data(), data.size());
  std::string problem;
  bool completed = false;
  auto bad_frame = c.reader.drain([&](const game::frame& f) {
    completed = true;
    return on_frame(hdl, c, f, problem);
  });
  auto now = clock_type::now();
  if (completed)
    c.last_frame = now;
  // What is left is the start of a frame that began in this read, unless
  // no frame completed and one was pending already.
  if (c.reader.pending() == 0)
    c.frame_started.reset();
  else if (completed || !c.frame_started)
    c.frame_started = now;
  if (bad_frame)
    problem = "bad frame (" + std::string{game::to_string(*bad_frame)} + ")";
  if (problem == unread_replies)
    drop_slow_reader(hdl, refused_at_total_);
  else if (!problem.empty())
    drop(hdl, problem);
}

void server_state::on_closed(caf::io::connection_handle hdl) {
  auto i = conns_.find(peer_handle{hdl});
  if (i == conns_.end())
    return;
  report(i->second);
  end(i);
}

/// Handles one frame; false (with `problem` set) if it breaks the protocol.
bool server_state::on_frame(peer_handle hdl, connection& c, const game::frame& f,
                            std::string& problem) {
  auto& pool = *shared_->pool;
  // A UDP server's TCP port serves stats only.
  if (shared_->transport == game::transport::udp && f.type != game::frame_type::stats_request) {
    problem = "the TCP port of a UDP server serves only stats requests";
    return false;
  }
  switch (f.type) {
    case game::frame_type::hello:
      // A client repeats its hello until a welcome comes: over UDP either
      // may be lost, and a hello beyond --max-handshakes is dropped.
      if (c.session)
        return send_or(hdl, c, c.welcome, problem);
      if (!c.ticket)
        start_handshake(hdl, c, f.payload);
      return true;
    case game::frame_type::bye:
      // A stream's frames are its client's (no one else can inject into
      // an established connection): a plain bye ends its session.
      if (c.session) {
        report(c);
        pool.close(*c.session);
        by_session_.erase(*c.session);
        c.session.reset();
      }
      return true;
    case game::frame_type::packet:
      if (!c.session) {
        problem = "a packet before hello";
        return false;
      }
      deliver(c, f.payload);
      return true;
    case game::frame_type::stats_request:
      // Not dropped here: the caller still holds `c`.
      return send_or(
        hdl, c, game::encode_frame(game::frame_type::stats, game::encode_stats(stats())), problem);
    default:
      problem = "a frame only servers send";
      return false;
  }
}

/// Queues `frame` for client `c`; false if it would have more than
/// --max-unsent queued (TCP: UDP has no backlog, a datagram the socket
/// cannot take is lost). Reaching --max-unsent-total drops the client with
/// the most queued first (possibly `c`: then false).
bool server_state::send(peer_handle hdl, connection& c, const game::bytes& frame) {
  if (auto* udp = std::get_if<caf::io::datagram_handle>(&hdl)) {
    send_datagram(*udp, frame);
    return true;
  }
  if (c.unsent + frame.size() > shared_->max_unsent) {
    refused_at_total_ = false;
    return false;
  }
  while (unsent_total_ + frame.size() > shared_->max_unsent_total) {
    auto worst = slowest_reader();
    refused_at_total_ = true;
    if (worst == conns_.end() || &worst->second == &c)
      return false;
    drop_slow_reader(worst->first, true);
  }
  auto tcp = std::get<caf::io::connection_handle>(hdl);
  auto& buf = self_->wr_buf(tcp);
  buf.insert(buf.end(), frame.begin(), frame.end());
  self_->flush(tcp);
  c.unsent += frame.size();
  unsent_total_ += frame.size();
  return true;
}

/// send(), or false with `problem` set (the caller then drops `c`; the
/// caller of on_frame as a slow reader, see unread_replies).
bool server_state::send_or(peer_handle hdl, connection& c, const game::bytes& frame,
                           std::string& problem) {
  if (send(hdl, c, frame))
    return true;
  problem = unread_replies;
  return false;
}

/// The TCP client with the most replies queued.
server_state::conn_map::iterator server_state::slowest_reader() {
  auto worst = conns_.end();
  for (auto i = conns_.begin(); i != conns_.end(); ++i)
    if (i->second.unsent > 0 && (worst == conns_.end() || i->second.unsent > worst->second.unsent))
      worst = i;
  return worst;
}

/// CAF's close() keeps a connection's queued replies until they are
/// written, which a client that does not read never allows: its buffers
/// would stay. The replies not yet handed to CAF's writer go at once;
/// shutting the socket down makes CAF's next write fail, and CAF then frees
/// the rest (at its next poll: many slow readers dropped in one pass would
/// otherwise all hold their buffers until then); with no linger its close
/// resets the connection.
void server_state::abort_connection(caf::io::connection_handle hdl) {
  std::vector<char>{}.swap(self_->wr_buf(hdl));
  // CAF 0.17's default multiplexer: a connection's handle is its socket.
  auto fd = static_cast<int>(hdl.id());
  linger no_linger{1, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &no_linger, sizeof no_linger);
  ::shutdown(fd, SHUT_RDWR);
}

} // namespace game::server
