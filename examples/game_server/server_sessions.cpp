// game_server's sessions: each hello's handshake with a worker (at most
// --max-handshakes at once), the welcome, and each packet's verdict.

#include <algorithm>
#include <memory>
#include <thread>

#include <caf/actor_cast.hpp>
#include <caf/send.hpp>

#include "server_state.hpp"

using namespace actorbench;

namespace game::server {

/// A session's verdict on the oldest packet it had from this client:
/// accepted (`empty`: its plaintext was empty, the client's sealed
/// disconnect), or rejected for `reason`.
void server_state::on_verdict(std::uint32_t session, std::optional<game::rejection_reason> reason,
                              bool empty) {
  auto s = by_session_.find(session);
  if (s == by_session_.end())
    return; // the client left meanwhile
  auto hdl = s->second;
  auto i = conns_.find(hdl);
  auto& c = i->second;
  auto id = c.pending.pop().value_or(game::packet_id{});
  if (!reason && empty) {
    report(c);
    return forget(i);
  }
  count(c, reason);
  if (!send(hdl, c, game::encode_verdict(reason, id)))
    drop_slow_reader(hdl, refused_at_total_);
}

/// A worker's answer to the hello of `ticket` came: the connection that
/// sent it, unless it left meanwhile.
std::optional<peer_handle> server_state::answered(std::uint64_t ticket) {
  --handshakes_in_flight_;
  auto t = tickets_.find(ticket);
  if (t == tickets_.end())
    return std::nullopt;
  auto hdl = t->second;
  tickets_.erase(t);
  return hdl;
}

/// A worker opened session `id` for the hello of `ticket`: welcome its
/// client, or close the session if the client left meanwhile.
void server_state::on_welcomed(std::uint64_t ticket, std::uint32_t id, const game::bytes& reply) {
  auto asker = answered(ticket);
  if (!asker) {
    shared_->pool->close(id);
    return;
  }
  auto hdl = *asker;
  auto& c = welcome(hdl, reply);
  c.session = id;
  by_session_[id] = hdl;
  send_welcome(hdl, c);
}

/// A worker answered the hello of `ticket` without opening a session
/// (UDP): welcome its client, whose first packet that decrypts opens it.
void server_state::on_pending(std::uint64_t ticket, game::pending_receiver receiver,
                              game::session_sender sender, const game::bytes& reply) {
  auto asker = answered(ticket);
  if (!asker)
    return;
  auto hdl = *asker;
  auto& c = welcome(hdl, reply);
  c.receiver = std::move(receiver);
  c.sender = std::move(sender);
  send_welcome(hdl, c);
}

/// A worker refused the hello of `ticket` (or could not open a session).
void server_state::on_refused(std::uint64_t ticket, const std::string& why) {
  auto asker = answered(ticket);
  if (!asker)
    return;
  auto hdl = *asker;
  conns_.at(hdl).ticket.reset();
  drop(hdl, why);
}

/// The client whose handshake ended, its welcome made from `reply`.
connection& server_state::welcome(peer_handle hdl, const game::bytes& reply) {
  auto& c = conns_.at(hdl);
  c.ticket.reset();
  // Its idle time counts from the welcome: the handshake's wait is the server's.
  c.last_frame = clock_type::now();
  c.welcomed_at = c.last_frame;
  c.welcome = game::encode_frame(game::frame_type::welcome, reply);
  return c;
}

void server_state::send_welcome(peer_handle hdl, connection& c) {
  if (!send(hdl, c, c.welcome))
    drop_slow_reader(hdl, refused_at_total_);
}

/// Counts a verdict on one of `c`'s packets (accepted: none).
void server_state::count(connection& c, std::optional<game::rejection_reason> reason) {
  if (!reason) {
    ++c.accepted;
    c.confirmed = true;
    c.last_frame = clock_type::now();
  } else if (*reason == game::rejection_reason::malformed)
    ++c.malformed;
  else if (*reason == game::rejection_reason::forged)
    ++c.forged;
  else
    ++c.replayed;
}

/// One handshake worker per scheduler thread (main sets one per core),
/// linked, and told to exit when the broker goes whatever its exit reason
/// (a link takes no actor along when the reason is normal).
void server_state::start_workers() {
  auto ctx = std::make_shared<game::handshake_context>();
  ctx->ka = shared_->ka;
  ctx->identity = shared_->identity;
  ctx->aead = shared_->aead;
  ctx->pool = shared_->pool;
  // Over UDP anyone who saw a hello can replay it from an address of its
  // own: the session waits for a packet only the hello's sender can seal.
  ctx->defer_sessions = shared_->transport == game::transport::udp;
  const auto n = std::max(1u, std::thread::hardware_concurrency());
  for (unsigned i = 0; i < n; ++i)
    workers_.push_back(self_->spawn<caf::linked>(
      game::handshake_worker, std::shared_ptr<const game::handshake_context>{ctx},
      caf::actor_cast<caf::actor>(self_)));
  // Runs at the broker's cleanup, whatever its exit reason.
  self_->attach_functor([workers = workers_] {
    for (const auto& w : workers)
      caf::anon_send_exit(w, caf::exit_reason::user_shutdown);
  });
}

/// Hands a hello to a worker, unless --max-handshakes are in progress:
/// then it is dropped and the client's retry comes later.
void server_state::start_handshake(peer_handle hdl, connection& c, game::bytes_view hello) {
  if (handshakes_in_flight_ >= shared_->max_handshakes) {
    ++shared_->hellos_dropped;
    c.hello_dropped = true;
    return;
  }
  c.hello_dropped = false;
  const auto ticket = next_ticket_++;
  c.ticket = ticket;
  tickets_.emplace(ticket, hdl);
  ++handshakes_in_flight_;
  self_->send(workers_[ticket % workers_.size()], game::handshake_atom::value, ticket,
              game::bytes(hello.data, hello.data + hello.size));
}

void server_state::deliver(connection& c, game::bytes_view packet) {
  c.pending.push(game::id_of_packet(packet));
  shared_->pool->deliver(*c.session, game::bytes(packet.data, packet.data + packet.size));
}

} // namespace game::server
