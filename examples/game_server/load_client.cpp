// A load-generator client's state machine: its hellos until a welcome, its
// packets at the planned rate within the window, its end (a few sealed byes
// over UDP), and the failures it records on the way.

#include <algorithm>
#include <chrono>
#include <iterator>
#include <string>
#include <variant>
#include <vector>

#include <caf/io/system_messages.hpp>

#include "load_client.hpp"

using namespace actorbench;

namespace game::load_generator {

namespace {

/// Over UDP, how many byes a client sends: each may be lost, to the network
/// or to --loss, and a session whose every bye was lost is closed at the
/// server's idle timeout and counted as a protocol error. At least 3, and
/// enough that --loss drops them all with a chance below 1e-9 (7 at 5 %).
int bye_copies(double loss) {
  int copies = 3;
  for (double all_lost = loss * loss * loss; all_lost >= 1e-9; all_lost *= loss)
    ++copies;
  return copies;
}

} // namespace

client_state::client_state(caf::io::broker* self, link to, const run_plan& plan,
                           client_result& result, actors::countdown_latch& done,
                           actors::client_handshake handshake, std::uint64_t seed)
  : self_(self),
    link_(to),
    plan_(plan),
    result_(result),
    done_(done),
    handshake_(std::move(handshake)),
    script_(
      result.kind, [this](game::bytes_view text) { return seal(text); },
      actors::channel_header_size + plan.cipher->overhead - 1),
    rng_(seed),
    // Its own generator: the jitter draws do not change which datagrams --loss drops.
    jitter_rng_(seed ^ 0x9e3779b97f4a7c15u),
    loss_(plan.loss) {
  if (auto* tcp = std::get_if<caf::io::connection_handle>(&link_))
    self_->configure_read(*tcp, caf::io::receive_policy::at_most(8192));
  // The first hello goes with the first tick, after every client exists:
  // the storm is the server's, not paced by how fast clients are made
  // (each makes its X25519 hello first), and no session is idle while
  // the rest are made.
  // Over UDP the hello goes behind a cookie: zeros until the server's challenge.
  auto h = handshake_->hello();
  game::bytes hello(plan.transport == game::transport::udp ? game::cookie_size : 0, 0);
  hello.insert(hello.end(), h.data, h.data + h.size);
  hello_ = game::encode_frame(game::frame_type::hello, hello);
}

void client_state::go() {
  start_ = clock_type::now();
  end_ = start_ + std::chrono::duration_cast<clock_type::duration>(plan_.duration);
  tick();
}

void client_state::tick() {
  if (finished_)
    return;
  auto now = clock_type::now();
  if (!welcomed_ && refused_in_silence() && now >= end_)
    return end_unwelcomed();
  if (!welcomed_ && now >= next_hello_) {
    if (hellos_ >= hello_retry.tries) {
      if (refused_in_silence())
        return end_unwelcomed();
      result_.failure = "no welcome after " + std::to_string(hellos_) + " hellos over "
                        + std::to_string(std::chrono::duration<double>(now - first_hello_).count())
                        + " s (the server dropped or never answered them"
                        + (result_.bad_welcomes > 0 ? "; " + std::to_string(result_.bad_welcomes)
                                                        + " replies did not verify"
                                                    : std::string{})
                        + ")";
      return finish();
    }
    send_hello();
  }
  // Without a session there is nothing to send or drain: wait for the welcome.
  if (!welcomed_ && sends_packets())
    return;
  if (now < end_) {
    if (welcomed_ && sends_packets()) {
      std::chrono::duration<double> elapsed = now - start_;
      auto due = static_cast<std::uint64_t>(elapsed.count() * plan_.rate) + 1;
      while (!finished_ && result_.sent < due && result_.unanswered() < window)
        send_packet(now);
    }
  } else if (result_.unanswered() == 0 && sends_packets()) {
    return finish();
  } else if (now > end_ + drain_limit) {
    result_.failure =
      !sends_packets()
        ? "the server kept the session"
        : "packets unanswered " + std::to_string(drain_limit.count()) + " s after sending stopped"
            + (result_.first_uncounted.empty()
                 ? std::string{}
                 : " (verdicts not counted for them, the first " + result_.first_uncounted + ")");
    return finish();
  }
}

void client_state::on_data(const char* data, std::size_t size) {
  if (std::holds_alternative<caf::io::datagram_handle>(link_)) {
    // The socket is connected to the server: only its address reaches it,
    // but not only the server can send from that address. A bad datagram
    // changes nothing but its count.
    auto f = game::decode_datagram({reinterpret_cast<const std::uint8_t*>(data), size});
    if (f)
      on_frame(*f);
    else
      drop(dropped_frame::not_a_frame);
    return;
  }
  // Over TCP only the server writes into the connection, and after a bad
  // frame the stream cannot be read on: that ends the client.
  reader_.append(data, size);
  auto bad = reader_.drain([this](const game::frame& f) { return on_frame(f); });
  if (bad && !finished_) {
    result_.failure = "the server sent a bad frame (" + std::string{game::to_string(*bad)} + ")";
    finish();
  }
}

void client_state::on_exit() {
  if (!finished_) {
    finished_ = true;
    if (result_.failure.empty())
      result_.failure = "stopped before the end";
    done_.count_down();
  }
}

/// The server closed the connection, or (UDP) sent a bye.
void client_state::on_closed() {
  if (finished_)
    return;
  if (!sends_packets())
    result_.closed_by_server = true;
  else
    result_.failure = std::holds_alternative<caf::io::datagram_handle>(link_)
                        ? "the server ended the session (a bye sealed under its key)"
                        : "the server ended the session";
  finish();
}

/// Garbage (over TCP) and mitm clients only wait to be thrown out; over
/// UDP the server ignores the garbage client's bad datagram.
bool client_state::sends_packets() const {
  return result_.kind != client_kind::mitm
         && (result_.kind != client_kind::garbage || plan_.transport == game::transport::udp);
}

/// A mitm client over UDP: the server cannot answer its hello and has no
/// key to seal a refusal with (an unsealed one anyone could send), so
/// silence is the refusal: no welcome by the end of its sending time or
/// of its hellos.
bool client_state::refused_in_silence() const {
  return result_.kind == client_kind::mitm && plan_.transport == game::transport::udp;
}

/// Ends a client refused in silence; it must have had the server's
/// challenge (its hello reached the server, then went behind the cookie).
void client_state::end_unwelcomed() {
  if (challenged_)
    result_.closed_by_server = true;
  else
    result_.failure = "no challenge for its hello: the server never answered it";
  finish();
}

/// The channel's next packet (its counter the nonce: never reused).
actorbench::crypto::result<game::bytes> client_state::seal(game::bytes_view text) {
  auto p = sender_->seal(text);
  if (!p)
    return actorbench::crypto::error{actorbench::crypto::errc::backend_failure, p.err().detail};
  return std::move(*p);
}

void client_state::send_packet(clock_type::time_point now) {
  auto p = script_.next();
  if (!p) {
    result_.failure = "encryption failed: " + p.err().detail;
    return finish();
  }
  ++result_.sent;
  if (!write(game::encode_frame(game::frame_type::packet, p->packet), true)) {
    ++result_.lost;
    return;
  }
  script_.sent(*p);
  // At the end of its name's range: copies are matched in the order sent.
  expected_.emplace(game::id_of_packet({p->packet.data(), p->packet.size()}),
                    expectation{now, p->expected});
}

void client_state::send_hello() {
  const auto now = clock_type::now();
  if (hellos_++ == 0)
    first_hello_ = now;
  next_hello_ = now + hello_retry.wait_after(hellos_, jitter_(jitter_rng_));
  write(hello_, true);
}

/// An invalid frame header (TCP) or datagram (UDP): never lost.
void client_state::send_garbage() {
  const std::uint8_t bad_header[] = {0xff, 0xff, 0xff, 0xff, 0x02};
  write(game::bytes(std::begin(bad_header), std::end(bad_header)), false);
}

/// Sends `frame` (over UDP as one datagram, dropped at the --loss rate if
/// `may_lose`); false if it was dropped.
bool client_state::write(const game::bytes& frame, bool may_lose) {
  if (auto* udp = std::get_if<caf::io::datagram_handle>(&link_)) {
    if (may_lose && loss_(rng_))
      return false;
    self_->enqueue_datagram(*udp, std::vector<char>(frame.begin(), frame.end()));
    self_->flush(*udp);
    return true;
  }
  auto tcp = std::get<caf::io::connection_handle>(link_);
  auto& buf = self_->wr_buf(tcp);
  buf.insert(buf.end(), frame.begin(), frame.end());
  self_->flush(tcp);
  return true;
}

void client_state::finish() {
  if (finished_)
    return;
  finished_ = true;
  // Over TCP quitting closes the connection; UDP needs a bye (a few: each
  // may be lost), sealed like every packet: an empty message. It gets no verdict.
  if (std::holds_alternative<caf::io::datagram_handle>(link_) && welcomed_ && sender_)
    for (int i = 0, n = bye_copies(plan_.loss); i < n; ++i)
      if (auto bye = seal({}))
        write(game::encode_frame(game::frame_type::packet, *bye), true);
  self_->quit();
  done_.count_down();
}

} // namespace game::load_generator
