// game_server's UDP side: one frame per datagram; an unknown address gets a
// cookie's challenge, a known one's datagrams count only if sealed by its
// session, the caps evict the lowest-value client, and a sealed bye ends one.

#include <algorithm>
#include <iostream>
#include <string>
#include <variant>

#include "server_state.hpp"

using namespace actorbench;

namespace game::server {

/// One datagram: one whole frame, from a client or from an address the
/// server holds nothing for.
void server_state::on_datagram(caf::io::datagram_handle hdl, game::bytes_view data) {
  auto i = conns_.find(peer_handle{hdl});
  if (i == conns_.end())
    return on_stranger(hdl, data);
  // Only the session's sealed packets (and its own hello again) count: any
  // other datagram with its address may be anyone's, so it changes
  // nothing and gets no answer.
  auto f = game::decode_datagram(data);
  if (!f || !on_client_datagram(peer_handle{hdl}, i->second, *f))
    ++shared_->udp_dropped;
}

/// The UDP port itself failed: every UDP client is gone with it.
void server_state::on_servant_closed() {
  std::cout << "game_server: the UDP socket failed; its " << conns_.size() << " clients are dropped"
            << std::endl;
  while (!conns_.empty())
    end(conns_.begin());
}

/// A datagram from an address without a client: a hello whose cookie
/// checks out starts the handshake (the first state the server keeps for
/// the address), a hello without one gets a challenge no larger than the
/// hello, anything else nothing. CAF's entry for the address goes once
/// the challenge is out.
void server_state::on_stranger(caf::io::datagram_handle hdl, game::bytes_view data) {
  auto f = game::decode_datagram(data);
  auto peer = servant_ ? game::peer_of(*servant_, hdl) : std::nullopt;
  const auto now = clock_type::now();
  if (f && f->type == game::frame_type::hello && peer && f->payload.size > game::cookie_size) {
    const auto& jar = *shared_->cookies;
    game::bytes_view key{peer->key.data(), peer->key.size()};
    if (jar.check(key, {f->payload.data, game::cookie_size}, now)) {
      make_room(peer->host);
      auto& c = conns_[peer_handle{hdl}];
      ++udp_clients_;
      ++per_host_[peer->host];
      c.host = peer->host;
      c.peer = peer->text;
      c.last_frame = now;
      c.hello.assign(f->payload.data, f->payload.data + f->payload.size);
      start_handshake(peer_handle{hdl}, c,
                      {f->payload.data + game::cookie_size, f->payload.size - game::cookie_size});
      return;
    }
    auto cookie = jar.make(key, now);
    auto reply =
      cookie ? game::encode_frame(game::frame_type::challenge, {cookie->data(), cookie->size()})
             : game::bytes{};
    if (cookie && reply.size() <= data.size) {
      send_datagram(hdl, reply);
      ++shared_->challenges_sent;
      return retire(hdl);
    }
  }
  ++shared_->udp_dropped;
  retire(hdl);
}

/// Before a new UDP client from `host`: evicts one if the caps are reached,
/// the lowest-value one of that address (its cap) or of all (the total):
/// unconfirmed before confirmed, then the longest idle.
void server_state::make_room(const game::bytes& host) {
  const bool address_full = per_host_[host] >= shared_->max_sessions_per_address;
  if (!address_full && udp_clients_ < shared_->max_sessions)
    return;
  auto victim = conns_.end();
  for (auto i = conns_.begin(); i != conns_.end(); ++i) {
    if (!std::holds_alternative<caf::io::datagram_handle>(i->first)
        || (address_full && i->second.host != host))
      continue;
    if (victim == conns_.end() || lower_value(i->second, victim->second))
      victim = i;
  }
  if (victim == conns_.end())
    return;
  ++shared_->sessions_evicted;
  log_closed(
    victim->second.peer,
    std::string{"evicted ("} + (victim->second.confirmed ? "confirmed" : "unconfirmed") + "): "
      + (address_full
           ? "--max-sessions-per-address " + std::to_string(shared_->max_sessions_per_address)
           : "--max-sessions " + std::to_string(shared_->max_sessions))
      + " reached");
  send_bye(victim->first, victim->second);
  forget(victim);
}

bool server_state::lower_value(const connection& a, const connection& b) {
  if (a.confirmed != b.confirmed)
    return !a.confirmed;
  return a.last_frame < b.last_frame;
}

/// A datagram from a client's address; false if it is not one the client
/// would send (dropped, counted).
bool server_state::on_client_datagram(peer_handle hdl, connection& c, const game::frame& f) {
  switch (f.type) {
    case game::frame_type::hello:
      // Its welcome was lost: the same hello again gets it again.
      if ((c.session || c.receiver) && f.payload.size == c.hello.size()
          && std::equal(c.hello.begin(), c.hello.end(), f.payload.data)) {
        send(hdl, c, c.welcome);
        return true;
      }
      if (c.session || c.receiver || c.ticket)
        return false;
      // Its hello was dropped (--max-handshakes): this is the retry.
      if (f.payload.size <= game::cookie_size)
        return false;
      c.hello.assign(f.payload.data, f.payload.data + f.payload.size);
      start_handshake(hdl, c,
                      {f.payload.data + game::cookie_size, f.payload.size - game::cookie_size});
      return true;
    case game::frame_type::packet:
      // Its verdict would be larger than it (anyone can send one with the
      // client's address): no answer, as for a stranger (no amplification).
      // Every real packet, malformed ones included, is larger.
      if (f.size < game::max_verdict_frame_size)
        return false;
      if (c.receiver)
        confirm(hdl, c, f.payload);
      else if (c.session)
        deliver(c, f.payload);
      else
        return false;
      return true;
    default:
      return false;
  }
}

/// Removes a UDP address from CAF (nothing is ever queued to it there:
/// send() writes on the socket itself).
void server_state::retire(caf::io::datagram_handle hdl) {
  remove_address(hdl);
}

void server_state::remove_address(caf::io::datagram_handle hdl) {
  self_->remove_endpoint(hdl);
  // remove_endpoint leaves the broker's entry for the handle: without this
  // it kept one per address ever seen, and close_all() looped at exit.
  self_->erase(hdl);
}

/// A packet from a welcomed client that has proved nothing yet: opened
/// here; the first that decrypts opens its session (the pool takes the
/// receiver, and its replay window with it) and confirms the client.
void server_state::confirm(peer_handle hdl, connection& c, game::bytes_view packet) {
  auto& n = shared_->unconfirmed;
  ++n.delivered;
  const auto id = game::id_of_packet(packet);
  auto opened = c.receiver->open(packet);
  if (opened.verdict != actors::packet_verdict::ok) {
    auto reason = rejection_of(opened.verdict);
    count(c, reason);
    ++(reason == game::rejection_reason::malformed   ? n.malformed
       : reason == game::rejection_reason::forged    ? n.auth_failures
       : reason == game::rejection_reason::duplicate ? n.duplicates
                                                     : n.too_old);
    send(hdl, c, game::encode_verdict(reason, id));
    return;
  }
  ++n.decrypted;
  auto session = shared_->pool->open_secure(std::move(*c.receiver));
  c.receiver.reset();
  if (!session)
    return drop(hdl, "no session: " + session.err().detail);
  c.session = *session;
  by_session_[*session] = hdl;
  if (opened.plaintext.empty()) {
    report(c);
    return forget(conns_.find(hdl));
  }
  count(c, std::nullopt);
  send(hdl, c, game::encode_verdict(std::nullopt, id));
}

game::rejection_reason server_state::rejection_of(actors::packet_verdict v) {
  switch (v) {
    case actors::packet_verdict::malformed:
      return game::rejection_reason::malformed;
    case actors::packet_verdict::duplicate:
      return game::rejection_reason::duplicate;
    case actors::packet_verdict::too_old:
      return game::rejection_reason::too_old;
    default:
      return game::rejection_reason::forged;
  }
}

/// Sends `frame` to a UDP address at once, not through CAF's queue
/// (udp_peer.hpp): a datagram the socket cannot take is lost, as UDP may
/// lose any.
void server_state::send_datagram(caf::io::datagram_handle hdl, const game::bytes& frame) {
  if (servant_)
    game::send_to_peer(*servant_, udp_fd_, hdl, frame.data(), frame.size());
}

/// UDP has no close: a bye tells the client (if it is listening) that it
/// is over, sealed in its session's channel (an empty message), so that
/// no one else can end it with one from the server's address. A client
/// without a channel (its handshake not answered, or refused) gets none:
/// nothing it could verify. TCP's close needs no bye.
void server_state::send_bye(peer_handle hdl, connection& c) {
  if (!c.sender || !std::holds_alternative<caf::io::datagram_handle>(hdl))
    return;
  if (auto sealed = c.sender->seal({}))
    send(hdl, c, game::encode_frame(game::frame_type::bye, {sealed->data(), sealed->size()}));
}

} // namespace game::server
