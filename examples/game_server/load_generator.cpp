// The game server's load generator: N clients, each a CAF broker on its own
// TCP connection or UDP socket, each opening its session with the handshake
// (pinning --server-key), sending secure-channel packets at a fixed rate and
// checking each of the server's verdicts against the one its class expects
// (client_script.hpp): good, tampered, malformed, replay, reorder, stale;
// garbage sends an invalid frame after hello and mitm pins another key, and
// the server must end those sessions (over UDP: never welcome the mitm, whose
// refusal it cannot seal). The server's UDP bye counts only if it opens under
// the session's key. Over UDP, --loss drops that share of each client's
// hellos, packets and byes before they are sent (seeded by --seed): lost
// packets expect no verdict. A hello without a welcome (lost, or dropped
// by a busy server) is sent again with a growing, jittered wait
// (hello_backoff.hpp), over TCP too; after the last one the client fails.
// Before and after, a probe asks the server for its counters: after the
// clients disconnect, its open sessions must return to where they were (this
// assumes no one else uses the server meanwhile).
//
//   load_generator --port P [--host 127.0.0.1] [--transport tcp|udp] [--clients 1000]
//                  [--duration 10] [--rate 20] [--tampered 1] [--malformed 0]
//                  [--garbage 0] [--replay 0] [--reorder 0] [--stale 0]
//                  [--mitm 0] [--loss 0] [--seed 1] [--cipher aes-256-gcm] --server-key HEX
//
// Exit codes: 0 every verdict as expected; 1 any other verdict, a lost or
// refused connection, an unanswered packet, sessions not freed; 2 bad input.

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/io/broker.hpp>
#include <caf/io/middleman.hpp>
#include <caf/io/network/ip_endpoint.hpp>
#include <caf/io/system_messages.hpp>
#include <caf/send.hpp>

#include "actors/remote/endpoint_name.hpp"
#include "actors/runtime/countdown_latch.hpp"
#include "actors/session_pool/handshake.hpp"
#include "actors/session_pool/secure_channel.hpp"
#include "crypto/key_agreement.hpp"
#include "client_script.hpp"
#include "command_line.hpp"
#include "frame_reader.hpp"
#include "handshake_keys.hpp"
#include "hello_backoff.hpp"
#include "packet_codec.hpp"

using namespace actorbench;
using clock_type = std::chrono::steady_clock;
using go_atom = caf::atom_constant<caf::atom("go")>;
using tick_atom = caf::atom_constant<caf::atom("tick")>;
using game::client_kind;
using game::verdict;

namespace {

/// Packets a client may have unanswered; it skips sending beyond that.
constexpr std::uint64_t window = 64;
/// How long clients wait for their last verdicts after sending stops.
/// (Only a failing run waits it out; sanitizer builds answer slowly.)
constexpr std::chrono::seconds drain_limit{10};
/// When a client sends its hello again, and when it gives up.
constexpr game::hello_backoff hello_retry{};
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
  /// Verdicts not counted: for no packet awaiting one (a network copy's, or
  /// a spoofed packet's), or forged or duplicate for a packet that awaits
  /// another verdict (a spoofed packet's, or a copy's come first); the
  /// first of the latter.
  std::uint64_t uncounted = 0;
  std::string first_uncounted;
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
  const crypto::backend* backend = nullptr;
  const crypto::cipher_info* cipher = nullptr;
  game::transport transport = game::transport::tcp;
  double loss = 0;
  /// The handshake, the server's public key the clients pin, and another
  /// one for the man in the middle.
  const crypto::key_agreement* ka = nullptr;
  crypto::bytes server_key{};
  crypto::bytes wrong_server_key{};
};

/// A client's way to the server: a TCP connection or a UDP socket.
using link = std::variant<caf::io::connection_handle, caf::io::datagram_handle>;

/// One client broker's state.
class client_state {
 public:
  client_state(caf::io::broker* self, link to, const run_plan& plan, client_result& result,
               actors::countdown_latch& done, actors::client_handshake handshake,
               std::uint64_t seed)
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
      // Its own generator, so that --loss drops the same datagrams as before.
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

  void go() {
    start_ = clock_type::now();
    end_ = start_ + std::chrono::duration_cast<clock_type::duration>(plan_.duration);
    tick();
  }

  void tick() {
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
                          + (result_.bad_welcomes > 0
                               ? "; " + std::to_string(result_.bad_welcomes)
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
      result_.failure = !sends_packets()
                          ? "the server kept the session"
                          : "packets unanswered " + std::to_string(drain_limit.count())
                              + " s after sending stopped"
                              + (result_.first_uncounted.empty()
                                   ? std::string{}
                                   : " (verdicts not counted for them, the first "
                                       + result_.first_uncounted + ")");
      return finish();
    }
  }

  void on_data(const char* data, std::size_t size) {
    if (std::holds_alternative<caf::io::datagram_handle>(link_)) {
      // The socket is connected to the server: only its address reaches it,
      // but not only the server can send from that address. A bad datagram
      // changes nothing.
      auto f = game::decode_datagram({reinterpret_cast<const std::uint8_t*>(data), size});
      if (f)
        on_frame(*f);
      return;
    }
    reader_.append(data, size);
    auto bad = reader_.drain([this](const game::frame& f) { return on_frame(f); });
    if (bad && !finished_) {
      result_.failure = "the server sent a bad frame (" + std::string{game::to_string(*bad)} + ")";
      finish();
    }
  }

  void on_exit() {
    if (!finished_) {
      finished_ = true;
      if (result_.failure.empty())
        result_.failure = "stopped before the end";
      done_.count_down();
    }
  }

  /// The server closed the connection, or (UDP) sent a bye.
  void on_closed() {
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

 private:
  /// Garbage (over TCP) and mitm clients only wait to be thrown out; over
  /// UDP the server ignores the garbage client's bad datagram.
  bool sends_packets() const {
    return result_.kind != client_kind::mitm
           && (result_.kind != client_kind::garbage || plan_.transport == game::transport::udp);
  }

  /// A mitm client over UDP: the server cannot answer its hello and has no
  /// key to seal a refusal with (an unsealed one anyone could send), so
  /// silence is the refusal: no welcome by the end of its sending time or
  /// of its hellos.
  bool refused_in_silence() const {
    return result_.kind == client_kind::mitm && plan_.transport == game::transport::udp;
  }

  /// Ends a client refused in silence; it must have had the server's
  /// challenge (its hello reached the server, then went behind the cookie).
  void end_unwelcomed() {
    if (challenged_)
      result_.closed_by_server = true;
    else
      result_.failure = "no challenge for its hello: the server never answered it";
    finish();
  }

  /// The handshake's reply: keys, and the channel that seals with them.
  bool on_welcome(game::bytes_view reply) {
    if (result_.kind == client_kind::mitm) {
      result_.failure = "the server answered a hello under another server key";
      finish();
      return false;
    }
    auto keys = handshake_->finish(reply);
    if (!keys) {
      // Not necessarily the server's (anyone can send from its address):
      // the handshake is still usable, the hello goes again at its time.
      ++result_.bad_welcomes;
      return false;
    }
    auto tx = actors::channel_sender::create(*plan_.backend, *plan_.cipher, std::move(keys->send),
                                             actors::rekey_policy{});
    auto rx = actors::channel_receiver::create(*plan_.backend, *plan_.cipher,
                                               std::move(keys->receive), actors::rekey_policy{}.grace);
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

  bool on_frame(const game::frame& f) {
    if (f.type == game::frame_type::challenge) {
      // Over UDP: the hello again, behind the cookie.
      if (!welcomed_ && !finished_ && f.payload.size == game::cookie_size) {
        challenged_ = true;
        std::copy_n(f.payload.data, game::cookie_size, hello_.begin() + game::header_size + 1);
        write(hello_, true);
      }
      return true;
    }
    if (f.type == game::frame_type::welcome) {
      if (welcomed_)
        return true; // a repeated hello's welcome, over UDP
      if (!on_welcome(f.payload))
        return finished_ ? false : true;
      if (result_.kind == client_kind::garbage)
        send_garbage();
      result_.welcomed_at = clock_type::now();
      welcomed_ = true;
      return true;
    }
    if (f.type == game::frame_type::bye) {
      // Over TCP only the server writes into the connection; over UDP anyone
      // can send from the server's address: only a bye sealed under the
      // session's key ends the client.
      if (std::holds_alternative<caf::io::datagram_handle>(link_) && !sealed_bye(f.payload)) {
        ++result_.bad_byes;
        return true;
      }
      on_closed();
      return false;
    }
    if (f.type != game::frame_type::accepted && f.type != game::frame_type::rejected) {
      result_.failure = "the server sent an unexpected frame";
      finish();
      return false;
    }
    auto v = game::decode_verdict(f);
    if (!v)
      return true;
    auto got = v->reason ? game::verdict_of(*v->reason) : verdict::accepted;
    // Each verdict names its packet: the network may duplicate or reorder
    // packets and verdicts, and anyone may send packets from this address.
    auto [first, last] = expected_.equal_range(v->id);
    if (first == last) {
      ++result_.uncounted;
      return true;
    }
    auto match = std::find_if(first, last, [&](const auto& e) { return e.second.want == got; });
    if (match == last && was_counted(v->id, got)) {
      // The same verdict again for this packet: the network copied it.
      ++result_.uncounted;
      return true;
    }
    if (match == last) {
      const auto what = "packet " + std::to_string(v->id.counter) + ": "
                        + std::string{to_string(got)} + ", expected "
                        + std::string{to_string(first->second.want)};
      // What a spoofed packet or a network copy may draw: not counted, the
      // packet still awaits its own verdict.
      if (got == verdict::forged || got == verdict::duplicate) {
        if (result_.uncounted++ == 0 || result_.first_uncounted.empty())
          result_.first_uncounted = what;
        return true;
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
    counted_[counted_next_++ % counted_.size()] = {v->id, got};
    expected_.erase(match);
    return true;
  }

  /// Whether a bye's payload is an empty message sealed by the server.
  bool sealed_bye(game::bytes_view payload) {
    if (!receiver_)
      return false;
    auto opened = receiver_->open(payload);
    return opened.verdict == actors::packet_verdict::ok && opened.plaintext.empty();
  }

  /// The channel's next packet (its counter the nonce: never reused).
  actorbench::crypto::result<game::bytes> seal(game::bytes_view text) {
    auto p = sender_->seal(text);
    if (!p)
      return actorbench::crypto::error{actorbench::crypto::errc::backend_failure, p.err().detail};
    return std::move(*p);
  }

  void send_packet(clock_type::time_point now) {
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

  void send_hello() {
    const auto now = clock_type::now();
    if (hellos_++ == 0)
      first_hello_ = now;
    next_hello_ = now + hello_retry.wait_after(hellos_, jitter_(jitter_rng_));
    write(hello_, true);
  }

  /// An invalid frame header (TCP) or datagram (UDP): never lost.
  void send_garbage() {
    const std::uint8_t bad_header[] = {0xff, 0xff, 0xff, 0xff, 0x02};
    write(game::bytes(std::begin(bad_header), std::end(bad_header)), false);
  }

  /// Sends `frame` (over UDP as one datagram, dropped at the --loss rate if
  /// `may_lose`); false if it was dropped.
  bool write(const game::bytes& frame, bool may_lose) {
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

  void finish() {
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

  caf::io::broker* self_;
  link link_;
  const run_plan& plan_;
  client_result& result_;
  actors::countdown_latch& done_;
  std::optional<actors::client_handshake> handshake_;
  std::optional<actors::channel_sender> sender_;
  /// Opens the server's sealed bye (UDP).
  std::optional<actors::channel_receiver> receiver_;
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
  bool was_counted(const game::packet_id& id, verdict v) const {
    const auto n = std::min(counted_next_, counted_.size());
    for (std::size_t i = 0; i < n; ++i)
      if (counted_[i].first == id && counted_[i].second == v)
        return true;
    return false;
  }
  clock_type::time_point start_ = clock_type::now();
  clock_type::time_point end_ = start_ + std::chrono::hours{1};
  bool finished_ = false;
};

/// A client's inputs, the same over either transport.
struct client_args {
  const run_plan* plan = nullptr;
  client_result* result = nullptr;
  actors::countdown_latch* done = nullptr;
  std::uint64_t seed = 0;
};

caf::behavior client(caf::io::broker* self, link to, client_args args) {
  // A man in the middle presents another key than the one the client pins.
  const auto& pinned =
    args.result->kind == client_kind::mitm ? args.plan->wrong_server_key : args.plan->server_key;
  auto hs = actors::client_handshake::begin(*args.plan->ka, pinned);
  if (!hs) {
    args.result->failure = "no handshake: " + hs.err().detail;
    args.done->count_down();
    self->quit();
    return {};
  }
  auto st = std::make_shared<client_state>(self, to, *args.plan, *args.result, *args.done,
                                           std::move(*hs), args.seed);
  // Counted as done however it ends (main waits for every client before freeing the results).
  self->attach_functor([st] { st->on_exit(); });
  return {
    [st](go_atom) { st->go(); },
    [st](tick_atom) { st->tick(); },
    [st](const caf::io::new_data_msg& msg) { st->on_data(msg.buf.data(), msg.buf.size()); },
    [st](const caf::io::new_datagram_msg& msg) { st->on_data(msg.buf.data(), msg.buf.size()); },
    [st](const caf::io::connection_closed_msg&) { st->on_closed(); },
    [st](const caf::io::datagram_servant_closed_msg&) { st->on_closed(); },
  };
}

caf::behavior tcp_client(caf::io::broker* self, caf::io::connection_handle hdl, client_args args) {
  return client(self, hdl, std::move(args));
}

/// A UDP socket connected to `host`:`port` (the kernel then passes it only
/// datagrams from there) as a servant of `self`; an error names why not.
game::parsed<caf::io::datagram_handle> connected_udp(caf::io::broker* self,
                                                      const std::string& host,
                                                      std::uint16_t port) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_DGRAM;
  addrinfo* found = nullptr;
  if (int rc = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found); rc != 0)
    return std::string{"cannot resolve '"} + host + "': " + ::gai_strerror(rc);
  std::unique_ptr<addrinfo, void (*)(addrinfo*)> guard{found, ::freeaddrinfo};
  int fd = ::socket(found->ai_family, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return std::string{"socket: "} + std::strerror(errno);
  if (::connect(fd, found->ai_addr, found->ai_addrlen) != 0) {
    std::string why = std::string{"connect: "} + std::strerror(errno);
    ::close(fd);
    return why;
  }
  caf::io::network::ip_endpoint ep;
  std::memcpy(ep.address(), found->ai_addr, found->ai_addrlen);
  *ep.length() = found->ai_addrlen;
  auto servant = self->backend().new_datagram_servant_for_endpoint(fd, ep);
  auto hdl = servant->hdl();
  self->add_datagram_servant(std::move(servant));
  return hdl;
}

/// A UDP client: its own socket, connected to the server.
caf::behavior udp_client(caf::io::broker* self, std::string host, std::uint16_t port,
                         client_args args) {
  auto hdl = connected_udp(self, host, port);
  if (!hdl) {
    args.result->failure = "no UDP socket: " + hdl.err();
    args.done->count_down();
    self->quit();
    return {};
  }
  return client(self, *hdl, std::move(args));
}

/// One stats request over TCP (a UDP server serves stats on its TCP port only).
caf::behavior stats_probe(caf::io::broker* self, caf::io::connection_handle to,
                          std::shared_ptr<std::optional<game::server_stats>> out,
                          std::shared_ptr<actors::countdown_latch> done) {
  auto frame = game::encode_frame(game::frame_type::stats_request, {});
  auto ask = [self, to, frame] {
    auto tcp = to;
    self->configure_read(tcp, caf::io::receive_policy::at_most(1024));
    self->wr_buf(tcp).assign(frame.begin(), frame.end());
    self->flush(tcp);
  };
  ask();
  auto reader = std::make_shared<game::frame_reader>();
  auto finish = [self, done] {
    self->quit();
    done->count_down();
  };
  auto on_frame = [out](const game::frame& f) {
    if (f.type == game::frame_type::stats)
      *out = game::decode_stats(f.payload);
    return false;
  };
  return {
    [=](const caf::io::new_data_msg& msg) {
      reader->append(msg.buf.data(), msg.buf.size());
      auto bad = reader->drain(on_frame);
      if (bad || out->has_value())
        finish();
    },
    [=](const caf::io::connection_closed_msg&) { finish(); },
  };
}


/// The server's counters, or why they could not be had (at most about 5 s).
game::parsed<game::server_stats> ask_stats(caf::actor_system& sys, game::transport,
                                           const std::string& host, std::uint16_t port) {
  auto out = std::make_shared<std::optional<game::server_stats>>();
  auto done = std::make_shared<actors::countdown_latch>(1);
  auto p = sys.middleman().spawn_client(stats_probe, host, port, out, done);
  if (!p)
    return "cannot connect: " + sys.render(p.error());
  caf::actor probe = *p;
  if (!done->wait_for(std::chrono::seconds{5})) {
    caf::anon_send_exit(probe, caf::exit_reason::user_shutdown);
    return std::string{"no answer to a stats request within 5 s"};
  }
  if (!out->has_value())
    return std::string{"no valid answer to a stats request"};
  return **out;
}

struct options {
  std::string host = "127.0.0.1";
  std::uint16_t port = 0;
  /// The server's TCP port for stats (a UDP server's too): --port unless given.
  std::uint16_t stats_port = 0;
  std::uint64_t clients = 1000;
  std::chrono::duration<double> duration{10};
  double rate = 20;
  /// Clients of each hostile kind (index: client_kind); the rest are good.
  std::array<std::uint64_t, game::kind_count> hostile{};
  game::aead_choice aead;
  game::transport transport = game::transport::tcp;
  double loss = 0;
  std::uint64_t seed = 1;
  /// The server's public key (hex on the command line), pinned by every client.
  crypto::bytes server_key{};
};

/// How often main ticks every client: its packet period, within 10..100 ms.
/// Main sends the ticks, not each broker to itself with a delayed send: in
/// CAF 0.17 over 8,192 brokers doing that deadlock the middleman (the clock
/// thread blocks on the multiplexer's full wake-up pipe while holding the lock
/// the multiplexer thread needs to schedule the next delayed send).
clock_type::duration tick_period(double rate) {
  auto period = std::chrono::duration<double>{1.0 / rate};
  return std::chrono::duration_cast<clock_type::duration>(
    std::clamp(period, std::chrono::duration<double>{0.01}, std::chrono::duration<double>{0.1}));
}

[[noreturn]] void bad_input(const std::string& line) {
  std::cerr << "load_generator: " << line << '\n';
  std::exit(2);
}

/// What each hostile class's option says, its default, and the text given.
struct class_option {
  client_kind kind;
  const char* help;
  std::string text;
};

options parse_options(int argc, char** argv) {
  std::string port, stats_port, clients = "1000", duration = "10", rate = "20", cipher = "aes-256-gcm",
                    transport = "tcp", loss = "0", seed = "1", server_key;
  std::vector<class_option> classes{
    {client_kind::tampered, "Clients whose packets are tampered with", "1"},
    {client_kind::malformed, "Clients whose packets are too short", "0"},
    {client_kind::garbage, "Clients that send an invalid frame after hello", "0"},
    {client_kind::replay, "Clients that replay accepted packets byte for byte", "0"},
    {client_kind::reorder, "Clients that reorder and duplicate packets within the window", "0"},
    {client_kind::stale, "Clients that send packets older than the replay window", "0"},
    {client_kind::mitm, "Clients that pin another server key (a man in the middle)", "0"},
  };
  options opts;
  CLI::App app{
    "load_generator: clients for game_server, each with its own key; checks "
    "every verdict"};
  app.add_option("--host", opts.host, "The server's address")->default_str(opts.host);
  app.add_option("--port", port, "The server's port")->required();
  app.add_option("--stats-port", stats_port,
                 "The server's TCP port for stats requests (default: --port; a UDP server "
                 "serves them on TCP only)");
  app.add_option("--transport", transport, "tcp, or udp (the server's)")->default_str(transport);
  app.add_option("--clients", clients, "Connections, each with its own session")
    ->default_str(clients);
  app.add_option("--duration", duration, "Seconds of sending")->default_str(duration);
  app.add_option("--rate", rate, "Packets per second per client")->default_str(rate);
  for (auto& c : classes)
    app.add_option("--" + std::string{to_string(c.kind)}, c.text, c.help)->default_str(c.text);
  app.add_option("--loss", loss, "UDP: share of each client's datagrams dropped before sending")
    ->default_str(loss);
  app.add_option("--seed", seed, "Seed of the --loss choices")->default_str(seed);
  app.add_option("--server-key", server_key,
                 "The server's public key, 64 hex digits (game_server prints it): required");
  app.add_option("--cipher", cipher, "AEAD cipher (the server's)")->default_str(cipher);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    std::exit(0);
  } catch (const CLI::ParseError& e) {
    bad_input(e.what());
  }
  auto check = [](auto r) {
    if (!r)
      bad_input(r.err());
    return *r;
  };
  opts.port = static_cast<std::uint16_t>(check(game::parse_integer("--port", port, 1, 65535)));
  opts.stats_port = stats_port.empty() ? opts.port
                                       : static_cast<std::uint16_t>(check(game::parse_integer(
                                           "--stats-port", stats_port, 1, 65535)));
  opts.transport = check(game::parse_transport(transport));
  opts.clients = check(game::parse_integer("--clients", clients, 1, 100000));
  opts.duration = check(game::parse_seconds("--duration", duration, 0.1, 3600));
  opts.rate = static_cast<double>(check(game::parse_integer("--rate", rate, 1, 10000)));
  std::uint64_t left = opts.clients;
  for (const auto& c : classes) {
    auto n = check(game::parse_integer("--" + std::string{to_string(c.kind)}, c.text, 0, left));
    opts.hostile[static_cast<std::size_t>(c.kind)] = n;
    left -= n;
  }
  opts.loss = check(game::parse_number("--loss", loss, 0, 0.5, "a share"));
  if (opts.loss > 0 && opts.transport != game::transport::udp)
    bad_input("invalid --loss '" + loss + "': expected 0 over tcp (only UDP datagrams are lost)");
  opts.seed = check(game::parse_integer("--seed", seed, 0, ~std::uint64_t{0} >> 1));
  opts.aead = check(game::find_aead(cipher));
  auto key = crypto::from_hex(server_key);
  if (server_key.empty())
    bad_input("--server-key is required (game_server prints its key when it starts)");
  if (!key || key->size() != 32)
    bad_input("invalid --server-key '" + server_key + "': expected 64 hex digits");
  opts.server_key = *key;
  const auto files = game::raise_open_files_limit();
  if (opts.clients + 64 > files)
    bad_input("invalid --clients '" + clients + "': " + clients
              + " connections need more files than the limit of " + std::to_string(files)
              + " (ulimit -n)");
  return opts;
}

/// Clients 0.. are the hostile classes in option order, then the good ones.
client_kind kind_of(std::uint64_t i, const options& o) {
  for (auto k : game::all_kinds) {
    const auto n = o.hostile[static_cast<std::size_t>(k)];
    if (i < n)
      return k;
    i -= n;
  }
  return client_kind::good;
}

/// What a client must have seen; empty if it did.
std::string check(const client_result& r) {
  if (!r.failure.empty())
    return r.failure;
  if (r.kind == client_kind::garbage && !r.udp)
    return r.closed_by_server ? "" : "the server kept the session after a bad frame";
  if (r.kind == client_kind::mitm)
    return r.closed_by_server ? "" : "the server kept a session whose hello was for another key";
  if (r.unexpected > 0)
    return std::to_string(r.unexpected) + " unexpected verdicts, the first " + r.first_unexpected;
  if (r.unanswered() > 0)
    return std::to_string(r.unanswered()) + " packets unanswered"
           + (r.first_uncounted.empty() ? std::string{}
                                        : " (verdicts not counted for them, the first "
                                            + r.first_uncounted + ")");
  return "";
}

double percentile(std::vector<float>& xs, double p) {
  if (xs.empty())
    return 0;
  auto k = static_cast<std::size_t>(p * static_cast<double>(xs.size() - 1));
  std::nth_element(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(k), xs.end());
  return xs[k];
}

/// The handshake and the keys the clients pin; false with a line on stderr.
bool make_keys(const options& opts, run_plan& plan) {
  // The man in the middle's key: any other pair than the server's.
  auto other = game::make_handshake_keys();
  if (!other) {
    std::cerr << "load_generator: " << other.err() << '\n';
    return false;
  }
  plan.ka = other->ka;
  plan.server_key = opts.server_key;
  plan.wrong_server_key = std::move(other->identity.public_key);
  return true;
}

/// Spawns every client; those that cannot start are counted done, failed.
std::vector<caf::actor> start_clients(caf::actor_system& sys, const options& opts,
                                      const run_plan& plan, std::vector<client_result>& results,
                                      actors::countdown_latch& done) {
  std::vector<caf::actor> clients;
  for (std::uint64_t i = 0; i < opts.clients; ++i) {
    results[i].kind = kind_of(i, opts);
    results[i].udp = opts.transport == game::transport::udp;
    auto fail = [&](std::string why) {
      results[i].failure = std::move(why);
      done.count_down();
    };
    if (game::stop_requested()) {
      fail("never started");
      continue;
    }
    client_args args{&plan, &results[i], &done, opts.seed * 1000003 + i};
    if (opts.transport == game::transport::udp) {
      // udp_client counts itself done if it gets no socket.
      clients.push_back(sys.middleman().spawn_broker(udp_client, opts.host, opts.port, args));
      continue;
    }
    auto c = sys.middleman().spawn_client(tcp_client, opts.host, opts.port, std::move(args));
    if (!c) {
      fail("cannot connect: " + sys.render(c.error()));
      continue;
    }
    clients.push_back(*c);
  }
  return clients;
}

/// Totals of one client class.
struct class_sum {
  std::uint64_t clients = 0, sent = 0, lost = 0, unanswered = 0, failed = 0;
  std::array<std::uint64_t, game::verdict_count> verdicts{};
};

/// 153398 -> "153,398".
std::string grouped(double n) {
  auto text = std::to_string(static_cast<long long>(std::llround(n)));
  for (auto at = static_cast<int>(text.size()) - 3; at > 0; at -= 3)
    text.insert(static_cast<std::size_t>(at), ",");
  return text;
}

/// Prints the verdict line (the rate the clients achieved against the one
/// asked for), the table of classes and the totals, and returns what went
/// wrong (at most 10 lines and a count).
std::vector<std::string> report_clients(const std::vector<client_result>& results,
                                        std::chrono::duration<double> elapsed,
                                        const options& opts) {
  std::array<class_sum, game::kind_count> sums{};
  std::vector<float> latencies;
  std::vector<std::string> problems;
  std::size_t failed_clients = 0;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    auto& s = sums[static_cast<std::size_t>(r.kind)];
    ++s.clients;
    s.sent += r.sent;
    s.lost += r.lost;
    for (std::size_t v = 0; v < game::verdict_count; ++v)
      s.verdicts[v] += r.verdicts[v];
    s.unanswered += r.unanswered();
    latencies.insert(latencies.end(), r.latencies.begin(), r.latencies.end());
    auto problem = check(r);
    if (!problem.empty()) {
      ++s.failed;
      if (++failed_clients <= 10)
        problems.push_back("client " + std::to_string(i) + " (" + std::string{to_string(r.kind)}
                           + "): " + problem);
    }
  }
  if (failed_clients > problems.size())
    problems.push_back(std::to_string(failed_clients - problems.size()) + " more clients");
  std::uint64_t total_sent = 0, all_sent = 0, uncounted = 0, bad_welcomes = 0, bad_byes = 0;
  for (const auto& r : results) {
    uncounted += r.uncounted;
    bad_welcomes += r.bad_welcomes;
    bad_byes += r.bad_byes;
    all_sent += r.sent;
  }
  // Each client sends for --duration once welcomed: the rate over that time.
  std::printf("achieved %s of %s packets/s (%llu clients at %.0f/s for %.0f s; lost ones "
              "count as sent)\n\n",
              grouped(static_cast<double>(all_sent) / opts.duration.count()).c_str(),
              grouped(static_cast<double>(opts.clients) * opts.rate).c_str(),
              (unsigned long long)opts.clients, opts.rate, opts.duration.count());
  std::printf("%-10s %8s %9s %7s %9s %9s %9s %9s %9s %10s %7s\n", "class", "clients", "sent",
              "lost", "accepted", "malformed", "forged", "duplicate", "too_old", "unanswered",
              "failed");
  for (auto k : game::all_kinds) {
    const auto& s = sums[static_cast<std::size_t>(k)];
    total_sent += s.sent - s.lost;
    if (s.clients == 0)
      continue;
    std::printf("%-10s %8llu %9llu %7llu", std::string{to_string(k)}.c_str(),
                (unsigned long long)s.clients, (unsigned long long)s.sent,
                (unsigned long long)s.lost);
    for (auto v : s.verdicts)
      std::printf(" %9llu", (unsigned long long)v);
    std::printf(" %10llu %7llu\n", (unsigned long long)s.unanswered, (unsigned long long)s.failed);
  }
  std::printf(
    "packets: %llu in %.2f s (%.0f/s); verdict latency median %.3f ms, "
    "99th percentile %.3f ms, max %.3f ms\n",
    (unsigned long long)total_sent, elapsed.count(),
    static_cast<double>(total_sent) / elapsed.count(), percentile(latencies, 0.5) * 1e3,
    percentile(latencies, 0.99) * 1e3, percentile(latencies, 1.0) * 1e3);
  std::printf(
    "verdicts not counted: %llu (for no packet awaiting one, or forged or duplicate for one "
    "awaiting another: network copies, spoofed packets); welcomes that did not verify: %llu; "
    "byes that did not verify (ignored): %llu\n",
    (unsigned long long)uncounted, (unsigned long long)bad_welcomes, (unsigned long long)bad_byes);
  return problems;
}

/// Prints how fast the sessions opened: the handshake storm's figure, from
/// the first hello (every client exists then), and from the first connect.
void report_sessions(const std::vector<client_result>& results, clock_type::time_point connecting,
                     clock_type::time_point hellos) {
  std::vector<float> waits;
  for (const auto& r : results)
    if (r.welcomed_at)
      waits.push_back(std::chrono::duration<float>(*r.welcomed_at - hellos).count());
  if (waits.empty())
    return;
  const double last = *std::max_element(waits.begin(), waits.end());
  const double made = std::chrono::duration<double>(hellos - connecting).count();
  std::printf(
    "sessions: %zu of %zu welcomed, the last %.3f s after the first hello (%.0f/s); "
    "median %.3f s; the clients were made in %.3f s before\n",
    waits.size(), results.size(), last, static_cast<double>(waits.size()) / last,
    percentile(waits, 0.5), made);
}

/// Whether the server still holds more sessions or UDP addresses than before.
bool left_behind(const game::server_stats& b, const game::server_stats& a) {
  return a.sessions_open > b.sessions_open || a.udp_addresses > b.udp_addresses;
}

/// Prints the server's counters' change; a problem if sessions or UDP
/// addresses were not freed.
std::optional<std::string> report_server(const game::server_stats& b, const game::server_stats& a) {
  std::printf(
    "server: sessions open %llu before, %llu after (%llu opened); packets accepted "
    "+%llu, malformed +%llu, forged +%llu, duplicate +%llu, too old +%llu; connections "
    "closed for protocol errors +%llu; UDP addresses %llu before, %llu after\n",
    (unsigned long long)b.sessions_open, (unsigned long long)a.sessions_open,
    (unsigned long long)(a.sessions_opened - b.sessions_opened),
    (unsigned long long)(a.packets_accepted - b.packets_accepted),
    (unsigned long long)(a.packets_malformed - b.packets_malformed),
    (unsigned long long)(a.packets_forged - b.packets_forged),
    (unsigned long long)(a.packets_duplicate - b.packets_duplicate),
    (unsigned long long)(a.packets_too_old - b.packets_too_old),
    (unsigned long long)(a.protocol_errors - b.protocol_errors),
    (unsigned long long)b.udp_addresses, (unsigned long long)a.udp_addresses);
  if (a.sessions_open > b.sessions_open)
    return "the server kept " + std::to_string(a.sessions_open - b.sessions_open)
           + " sessions open after their clients left";
  if (a.udp_addresses > b.udp_addresses)
    return "the server kept " + std::to_string(a.udp_addresses - b.udp_addresses)
           + " UDP addresses after their clients left";
  return std::nullopt;
}

} // namespace

int main(int argc, char** argv) {
  auto opts = parse_options(argc, argv);
  game::catch_stop_signals();
  caf::actor_system_config cfg;
  cfg.load<caf::io::middleman>();
  // The clients are brokers on the middleman's thread; the scheduler has little to do.
  cfg.set("scheduler.max-threads", 1);
  caf::actor_system sys{cfg};
  const auto server = actors::endpoint_name(opts.host, opts.port);
  auto before = ask_stats(sys, opts.transport, opts.host, opts.stats_port);
  if (!before) {
    std::cerr << "load_generator: no game server at " << server << ": " << before.err() << '\n';
    return 1;
  }
  run_plan plan{opts.duration,    opts.rate,      opts.aead.backend,
                opts.aead.cipher, opts.transport, opts.loss};
  if (!make_keys(opts, plan))
    return 1;
  std::cout << "load_generator: " << opts.clients << " clients (";
  for (auto k : game::all_kinds)
    if (auto n = opts.hostile[static_cast<std::size_t>(k)])
      std::cout << n << ' ' << to_string(k) << ", ";
  std::cout << "the rest good) for " << opts.duration.count() << " s at " << opts.rate
            << " packets/s each to " << server << " over "
            << (opts.transport == game::transport::udp ? "udp" : "tcp") << " (loss " << opts.loss
            << "), " << plan.backend->name() << '/' << plan.cipher->name << std::endl;

  std::vector<client_result> results(opts.clients);
  actors::countdown_latch done{opts.clients};
  const auto connecting = clock_type::now();
  auto clients = start_clients(sys, opts, plan, results, done);
  const auto start = clock_type::now();
  for (const auto& c : clients)
    caf::anon_send(c, go_atom::value);

  const std::chrono::duration<double> limit =
    opts.duration + hello_retry.longest() + 2 * drain_limit + std::chrono::seconds{10};
  const auto period = tick_period(opts.rate);
  bool finished = false;
  while (!finished && !game::stop_requested() && clock_type::now() - start < limit) {
    for (const auto& c : clients)
      caf::anon_send(c, tick_atom::value);
    finished = done.wait_for(period);
  }
  const std::chrono::duration<double> elapsed = clock_type::now() - start;
  if (!finished) {
    for (const auto& c : clients)
      caf::anon_send_exit(c, caf::exit_reason::user_shutdown);
    std::cerr << "load_generator: "
              << (game::stop_requested()
                    ? "interrupted"
                    : "clients still running after " + std::to_string(limit.count()) + " s")
              << '\n';
    // The clients hold pointers into `results`: let them go before it does.
    done.wait_for(std::chrono::seconds{5});
    return 1;
  }

  // Sessions close asynchronously after the disconnects (over UDP perhaps
  // only at the server's idle timeout, if every bye was lost), and a UDP
  // address goes once the server's last datagram to it is out: wait for them.
  auto after = ask_stats(sys, opts.transport, opts.host, opts.stats_port);
  for (auto deadline = clock_type::now() + std::chrono::seconds{10};
       after && left_behind(*before, *after) && clock_type::now() < deadline;
       after = ask_stats(sys, opts.transport, opts.host, opts.stats_port))
    std::this_thread::sleep_for(std::chrono::milliseconds{20});

  auto problems = report_clients(results, elapsed, opts);
  report_sessions(results, connecting, start);
  if (!after)
    problems.push_back("the server did not answer after the run: " + after.err());
  else if (auto p = report_server(*before, *after))
    problems.push_back(*p);
  std::fflush(stdout);
  for (const auto& p : problems)
    std::cout << "load_generator: FAILED: " << p << '\n';
  if (!problems.empty())
    return 1;
  std::cout << "load_generator: OK: every verdict as its class expects, every session freed"
            << (opts.transport == game::transport::udp ? " and every UDP address" : "")
            << std::endl;
  return 0;
}
