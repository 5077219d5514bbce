// What a load-generator client makes of the server's frames: the challenge,
// the welcome (its keys), a bye that must open under them over UDP, and each
// verdict, counted against the verdict its packet expects if it names a
// packet the client sent; any other frame is dropped and counted.

#include <algorithm>
#include <chrono>
#include <string>
#include <variant>

#include "load_client.hpp"

using namespace actorbench;

namespace game::load_generator {

/// The handshake's reply: keys, and the channel that seals with them.
bool client_state::on_welcome(game::bytes_view reply) {
  // Over TCP only the server writes into the connection: any welcome to the
  // man in the middle is the server's, and wrong. Over UDP anyone can send
  // one; none verifies under the key it pins, so it counts as any bad one.
  const bool udp = std::holds_alternative<caf::io::datagram_handle>(link_);
  if (result_.kind == client_kind::mitm && !udp)
    return answered_mitm();
  auto keys = handshake_->finish(reply);
  if (!keys) {
    // Not necessarily the server's (anyone can send from its address):
    // the handshake is still usable, the hello goes again at its time.
    ++result_.bad_welcomes;
    return false;
  }
  if (result_.kind == client_kind::mitm)
    return answered_mitm();
  auto tx = actors::channel_sender::create(*plan_.backend, *plan_.cipher, std::move(keys->send),
                                           actors::rekey_policy{});
  auto rx = actors::channel_receiver::create(
    *plan_.backend, *plan_.cipher, std::move(keys->receive), actors::rekey_policy{}.grace);
  if (!tx || !rx) {
    result_.failure = "no channel: " + (tx ? rx.err().detail : tx.err().detail);
    finish();
    return false;
  }
  sender_.emplace(std::move(*tx));
  receiver_.emplace(std::move(*rx));
  handshake_.reset();
  return true;
}

/// The man in the middle was welcomed: the server answered a hello it must refuse.
bool client_state::answered_mitm() {
  result_.failure = "the server answered a hello under another server key";
  finish();
  return false;
}

bool client_state::on_frame(const game::frame& f) {
  switch (f.type) {
    case game::frame_type::challenge:
      // Over UDP: the hello again, behind the cookie.
      if (welcomed_ || finished_)
        return drop(dropped_frame::challenge);
      challenged_ = true;
      std::copy_n(f.payload.data, game::cookie_size, hello_.begin() + game::header_size + 1);
      write(hello_, true);
      return true;
    case game::frame_type::welcome:
      if (welcomed_)
        return drop(dropped_frame::welcome); // a repeated hello's, over UDP
      if (!on_welcome(f.payload))
        return !finished_;
      if (result_.kind == client_kind::garbage)
        send_garbage();
      result_.welcomed_at = clock_type::now();
      welcomed_ = true;
      return true;
    case game::frame_type::bye:
      // Over TCP only the server writes into the connection; over UDP anyone
      // can send from the server's address: only a bye sealed under the
      // session's key ends the client.
      if (std::holds_alternative<caf::io::datagram_handle>(link_) && !sealed_bye(f.payload)) {
        ++result_.bad_byes;
        return true;
      }
      on_closed();
      return false;
    case game::frame_type::accepted:
    case game::frame_type::rejected:
      if (auto v = game::decode_verdict(f))
        count_verdict(*v);
      else
        drop(dropped_frame::not_a_frame); // a rejection for no known reason
      return true;
    case game::frame_type::hello:
      return drop(dropped_frame::hello);
    case game::frame_type::packet:
      return drop(dropped_frame::packet);
    case game::frame_type::stats_request:
      return drop(dropped_frame::stats_request);
    case game::frame_type::stats:
      return drop(dropped_frame::stats);
  }
  return drop(dropped_frame::not_a_frame);
}

/// Counts a frame dropped unread; true (the next frame may follow).
bool client_state::drop(dropped_frame why) {
  ++result_.dropped[static_cast<std::size_t>(why)];
  return true;
}

/// Counts a verdict for the packet it names, against the verdict that
/// packet expects.
void client_state::count_verdict(const game::verdict_frame& v) {
  auto got = v.reason ? game::verdict_of(*v.reason) : verdict::accepted;
  // Each verdict names its packet, with its tag's end: the network may
  // duplicate or reorder packets and verdicts, and anyone may send packets
  // from this client's address, or verdicts from the server's.
  auto [first, last] = expected_.equal_range(v.id);
  if (first == last) {
    ++(was_answered(v.id) ? result_.copies : result_.unmatched);
    return;
  }
  auto match = std::find_if(first, last, [&](const auto& e) { return e.second.want == got; });
  if (match == last && was_counted(v.id, got)) {
    // The same verdict again for this packet: the network copied it.
    ++result_.copies;
    return;
  }
  if (match == last) {
    const auto what = "packet " + std::to_string(v.id.counter) + ": " + std::string{to_string(got)}
                      + ", expected " + std::string{to_string(first->second.want)};
    // What a network copy of the packet may draw first: not counted, the
    // packet still awaits its own verdict.
    if (got == verdict::forged || got == verdict::duplicate) {
      if (result_.uncounted++ == 0 || result_.first_uncounted.empty())
        result_.first_uncounted = what;
      return;
    }
    ++result_.verdicts[static_cast<std::size_t>(got)];
    if (result_.unexpected++ == 0)
      result_.first_unexpected = what;
    match = first;
  } else {
    ++result_.verdicts[static_cast<std::size_t>(got)];
  }
  std::chrono::duration<float> latency = clock_type::now() - match->second.sent_at;
  result_.latencies.push_back(latency.count());
  counted_[counted_next_++ % counted_.size()] = {v.id, got};
  expected_.erase(match);
}

/// Whether a bye's payload is an empty message sealed by the server.
bool client_state::sealed_bye(game::bytes_view payload) {
  if (!receiver_)
    return false;
  auto opened = receiver_->open(payload);
  return opened.verdict == actors::packet_verdict::ok && opened.plaintext.empty();
}

/// Whether `v` was counted for `id` among the last verdicts.
bool client_state::was_counted(const game::packet_id& id, verdict v) const {
  const auto n = std::min(counted_next_, counted_.size());
  for (std::size_t i = 0; i < n; ++i)
    if (counted_[i].first == id && counted_[i].second == v)
      return true;
  return false;
}

/// Whether any verdict was counted for `id` among the last verdicts.
bool client_state::was_answered(const game::packet_id& id) const {
  const auto n = std::min(counted_next_, counted_.size());
  for (std::size_t i = 0; i < n; ++i)
    if (counted_[i].first == id)
      return true;
  return false;
}

} // namespace game::load_generator
