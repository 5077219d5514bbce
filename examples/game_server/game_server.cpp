// A game server over TCP or UDP embedding actors::session_pool on CAF's middleman.
//
// One broker (on the middleman's I/O thread) accepts connections and splits
// their byte streams into frames, or takes one frame per UDP datagram
// (packet_codec.hpp). A client's `hello` carries issue 18's handshake: the
// broker hands it to a handshake worker on the scheduler (handshake_worker.hpp),
// which answers it with the server's static X25519 key (printed at start,
// pinned by clients) and opens a pool session whose channel_receiver holds
// the client's send key; `welcome` carries the reply. At most
// --max-handshakes hellos are with the workers at once: more are dropped
// (counted) and the client sends its hello again, as it does over UDP when
// one is lost. A hello repeated while its handshake runs is ignored, one
// repeated after it gets the same welcome again. Each `packet` goes to
// that session's actor, which checks its replay window and tag and reports
// to the broker, the pool's handler: the broker answers `accepted` or
// `rejected` (malformed, forged, duplicate, too old) in order. A frame that
// breaks the protocol or a refused hello ends that client only; a
// disconnect (TCP) or a sealed empty packet (UDP) closes its session, and
// the server ends a UDP session with a `bye` sealed in the session's
// channel (send_bye). A client that leaves a
// frame unfinished, sends no hello, or goes quiet is closed after
// --frame-timeout (no hello, part of a frame) or --idle-timeout (no frame at
// all). The server runs until SIGINT/SIGTERM or --duration. It listens on
// loopback by default.
//
//   game_server [--port 7777] [--bind 127.0.0.1] [--transport tcp|udp] [--duration S]
//               [--cipher aes-256-gcm] [--frame-timeout 10] [--idle-timeout 60]
//               [--max-handshakes 256] [--max-sessions 100000] [--max-sessions-per-address 16384]
//               [--max-unsent 65536] [--max-unsent-total 33554432] [--without-caf-protections]
//
// Exit codes: 0 stopped as asked; 1 a runtime failure; 2 bad input, including
// a port that cannot be listened on (one line on stderr).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <cstdint>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <unordered_map>
#include <variant>

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/io/broker.hpp>
#include <caf/io/middleman.hpp>
#include <caf/io/system_messages.hpp>
#include <caf/scoped_actor.hpp>
#include <caf/send.hpp>

#include <sys/socket.h>

#include "actors/remote/caf_protections.hpp"
#include "actors/remote/endpoint_name.hpp"
#include "actors/remote/fd_reserve.hpp"
#include "actors/session_pool/handshake.hpp"
#include "actors/session_pool/secure_channel.hpp"
#include "actors/session_pool/session_pool.hpp"
#include "bench/servers/bounded_log.hpp"
#include "crypto/key_agreement.hpp"
#include "command_line.hpp"
#include "cookie.hpp"
#include "frame_reader.hpp"
#include "handshake_keys.hpp"
#include "handshake_worker.hpp"
#include "packet_codec.hpp"
#include "udp_peer.hpp"
#include "udp_socket.hpp"

using namespace actorbench;
using open_atom = caf::atom_constant<caf::atom("open")>;
using tick_atom = caf::atom_constant<caf::atom("tick")>;

namespace {

/// The UDP socket's buffers asked for: net.core.rmem_max caps them (4 MiB
/// here); 208 KiB, Linux's default, holds about 280 small datagrams.
constexpr int udp_buffer_bytes = 4 << 20;

constexpr const char* unread_replies = "it does not read its replies";

using clock_type = std::chrono::steady_clock;

/// How long a client may keep the server waiting (an idle of 0: forever).
struct client_timeouts {
  /// For its hello after connecting, and for the rest of a frame it began.
  clock_type::duration frame = std::chrono::seconds{10};
  /// Between whole frames once it has a session.
  clock_type::duration idle = std::chrono::seconds{60};
};

/// What main and the broker share: main fills in the pool before the broker
/// opens its port, and destroys it after the broker is gone.
struct server_shared {
  std::shared_ptr<actors::session_pool> pool;
  /// The handshake: X25519 and the server's static key pair (clients pin
  /// its public half), and the sessions' AEAD.
  const crypto::key_agreement* ka = nullptr;
  actors::server_identity identity;
  game::aead_choice aead;
  std::atomic<std::uint64_t> protocol_errors{0};
  /// UDP: the stateless challenge's cookies, and the datagrams dropped
  /// unanswered (no session and no valid cookie, or not the session's).
  std::optional<game::cookie_jar> cookies;
  std::atomic<std::uint64_t> udp_dropped{0};
  std::atomic<std::uint64_t> challenges_sent{0};
  /// UDP: the packets the broker opened itself, each client's first ones
  /// until one decrypts and opens its session (the pool counts the rest).
  struct {
    std::atomic<std::uint64_t> delivered{0}, decrypted{0}, malformed{0}, auth_failures{0},
      duplicates{0}, too_old{0};
  } unconfirmed;

  /// The pool's counters with the broker's own packets added.
  actors::pool_metrics metrics() const {
    auto m = pool->metrics();
    m.delivered += unconfirmed.delivered;
    m.decrypted += unconfirmed.decrypted;
    m.malformed += unconfirmed.malformed;
    m.auth_failures += unconfirmed.auth_failures;
    m.duplicates += unconfirmed.duplicates;
    m.too_old += unconfirmed.too_old;
    return m;
  }
  /// Hellos dropped because --max-handshakes were in progress.
  std::atomic<std::uint64_t> hellos_dropped{0};
  /// About 35 ms of work for two workers (some 7,500 respond()/s each).
  /// 1024 opened a 10,000-client storm faster but burst the welcomes onto
  /// the load generator's one thread (bench/RESULTS.md).
  std::size_t max_handshakes = 256;
  /// UDP: clients held at once, in all and per source address (not port);
  /// a new one beyond either evicts the lowest-value one (unconfirmed
  /// first, then the longest idle) of all, or of that address.
  std::size_t max_sessions = 100000;
  std::size_t max_sessions_per_address = 16384;
  std::atomic<std::uint64_t> sessions_evicted{0};
  client_timeouts timeouts;
  game::transport transport = game::transport::tcp;
  /// TCP replies queued and not yet taken by the kernel: a client may have
  /// this many (--max-unsent), all clients together the total
  /// (--max-unsent-total); a client beyond its share, or the one with the
  /// most queued when the total is reached, is dropped as a slow reader.
  std::size_t max_unsent = 64 << 10;
  std::size_t max_unsent_total = 32 << 20;
  std::atomic<std::uint64_t> slow_readers_over_own{0};
  std::atomic<std::uint64_t> slow_readers_at_total{0};
  /// The lines about clients closed: a flood of them (junk datagrams, slow
  /// readers) costs a bounded number of lines. The broker writes it; main
  /// reads it after the broker is gone.
  actorbench::bench::bounded_log closed_log{
    "game_server: ", [](std::size_t n) { return "closed " + std::to_string(n) + " more clients"; }};
};

/// A TCP connection, or a UDP client (one remote address and port).
using peer_handle = std::variant<caf::io::connection_handle, caf::io::datagram_handle>;

/// The packets a session has not answered yet, oldest first: each verdict
/// names the oldest (a session handles its packets in order).
class pending_packets {
 public:
  void push(const game::packet_id& id) { ids_.push_back(id); }
  std::optional<game::packet_id> pop() {
    if (head_ == ids_.size())
      return std::nullopt;
    auto id = ids_[head_++];
    if (head_ == ids_.size()) {
      ids_.clear();
      head_ = 0;
    } else if (head_ > 64 && head_ * 2 > ids_.size()) {
      ids_.erase(ids_.begin(), ids_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
    return id;
  }

 private:
  std::vector<game::packet_id> ids_;
  std::size_t head_ = 0;
};

struct connection {
  std::string peer;
  /// UDP: its source address without the port (the per-address cap's key).
  game::bytes host;
  /// UDP: the hello datagram's payload (cookie and hello); only the same
  /// bytes again are answered with the welcome again.
  game::bytes hello;
  /// The welcome sent for its hello, sent again if a UDP client repeats it.
  game::bytes welcome;
  /// Its packets awaiting their verdicts.
  pending_packets pending;
  /// A packet of its session decrypted: the client holds the keys (until
  /// then it has proved nothing; WireGuard's responder waits likewise).
  bool confirmed = false;
  /// When its session was opened (the welcome).
  clock_type::time_point welcomed_at;
  game::frame_reader reader;
  /// When it connected or last completed a frame.
  clock_type::time_point last_frame;
  /// When the first byte of the frame it has not finished arrived.
  std::optional<clock_type::time_point> frame_started;
  std::optional<std::uint32_t> session;
  /// UDP: its handshake's receiving half while it has proved nothing; its
  /// first packet that decrypts opens the session with it.
  game::pending_receiver receiver;
  /// UDP, once welcomed: the session's sending half, which seals the
  /// server's `bye` (the client drops one that does not open).
  game::session_sender sender;
  /// Its hello's handshake, while a worker has it.
  std::optional<std::uint64_t> ticket;
  /// Its last hello was dropped (--max-handshakes): a retry is coming.
  bool hello_dropped = false;
  /// TCP: reply bytes queued in CAF and not yet written to the socket.
  std::size_t unsent = 0;
  std::uint64_t accepted = 0;
  std::uint64_t malformed = 0;
  std::uint64_t forged = 0;
  /// Duplicates and packets older than the replay window.
  std::uint64_t replayed = 0;
};

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

  caf::result<std::uint16_t> open(std::uint16_t port, const std::string& bind) {
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

  /// One datagram: one whole frame, from a client or from an address the
  /// server holds nothing for.
  void on_datagram(caf::io::datagram_handle hdl, game::bytes_view data) {
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

  void on_connect(caf::io::connection_handle hdl) {
    auto& c = conns_[peer_handle{hdl}];
    c.peer = actors::endpoint_name(self_->remote_addr(hdl), self_->remote_port(hdl));
    c.last_frame = clock_type::now();
    self_->configure_read(hdl, caf::io::receive_policy::at_most(8192));
    // Each write then reports what is still queued (on_written).
    self_->ack_writes(hdl, true);
  }

  /// CAF wrote some of a client's replies; `remaining` are still queued
  /// (its buffer being written and the one filling behind it).
  void on_written(caf::io::connection_handle hdl, std::size_t remaining) {
    auto i = conns_.find(peer_handle{hdl});
    if (i == conns_.end())
      return;
    auto& c = i->second;
    unsent_total_ -= c.unsent - std::min(c.unsent, remaining);
    c.unsent = std::min(c.unsent, remaining);
  }

  /// Closes the connections that kept the server waiting too long.
  void on_tick() {
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

  void on_data(caf::io::connection_handle hdl, const std::vector<char>& data) {
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

  void on_closed(caf::io::connection_handle hdl) {
    auto i = conns_.find(peer_handle{hdl});
    if (i == conns_.end())
      return;
    report(i->second);
    end(i);
  }

  /// The UDP port itself failed: every UDP client is gone with it.
  void on_servant_closed() {
    std::cout << "game_server: the UDP socket failed; its " << conns_.size()
              << " clients are dropped" << std::endl;
    while (!conns_.empty())
      end(conns_.begin());
  }

  /// A session's verdict on the oldest packet it had from this client:
  /// accepted (`empty`: its plaintext was empty, the client's sealed
  /// disconnect), or rejected for `reason`.
  void on_verdict(std::uint32_t session, std::optional<game::rejection_reason> reason,
                  bool empty = false) {
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
  std::optional<peer_handle> answered(std::uint64_t ticket) {
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
  void on_welcomed(std::uint64_t ticket, std::uint32_t id, const game::bytes& reply) {
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
  void on_pending(std::uint64_t ticket, game::pending_receiver receiver,
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
  void on_refused(std::uint64_t ticket, const std::string& why) {
    auto asker = answered(ticket);
    if (!asker)
      return;
    auto hdl = *asker;
    conns_.at(hdl).ticket.reset();
    drop(hdl, why);
  }

 private:
  using conn_map = std::unordered_map<peer_handle, connection>;

  /// The client whose handshake ended, its welcome made from `reply`.
  connection& welcome(peer_handle hdl, const game::bytes& reply) {
    auto& c = conns_.at(hdl);
    c.ticket.reset();
    // Its idle time counts from the welcome: the handshake's wait is the server's.
    c.last_frame = clock_type::now();
    c.welcomed_at = c.last_frame;
    c.welcome = game::encode_frame(game::frame_type::welcome, reply);
    return c;
  }

  void send_welcome(peer_handle hdl, connection& c) {
    if (!send(hdl, c, c.welcome))
      drop_slow_reader(hdl, refused_at_total_);
  }

  /// A packet from a welcomed client that has proved nothing yet: opened
  /// here; the first that decrypts opens its session (the pool takes the
  /// receiver, and its replay window with it) and confirms the client.
  void confirm(peer_handle hdl, connection& c, game::bytes_view packet) {
    auto& n = shared_->unconfirmed;
    ++n.delivered;
    const auto id = game::id_of_packet(packet);
    auto opened = c.receiver->open(packet);
    if (opened.verdict != actors::packet_verdict::ok) {
      auto reason = rejection_of(opened.verdict);
      count(c, reason);
      ++(reason == game::rejection_reason::malformed ? n.malformed
         : reason == game::rejection_reason::forged  ? n.auth_failures
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

  static game::rejection_reason rejection_of(actors::packet_verdict v) {
    switch (v) {
      case actors::packet_verdict::malformed:
        return game::rejection_reason::malformed;
      case actors::packet_verdict::duplicate:
        return game::rejection_reason::duplicate;
      case actors::packet_verdict::too_old:
      case actors::packet_verdict::unknown_epoch:
        return game::rejection_reason::too_old;
      default:
        return game::rejection_reason::forged;
    }
  }

  /// Counts a verdict on one of `c`'s packets (accepted: none).
  static void count(connection& c, std::optional<game::rejection_reason> reason) {
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
  void start_workers() {
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
  void start_handshake(peer_handle hdl, connection& c, game::bytes_view hello) {
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

  /// A closing session's rejections, if it had any.
  static void report(const connection& c) {
    if (c.session && c.malformed + c.forged + c.replayed > 0)
      std::cout << "game_server: session " << *c.session << " (" << c.peer
                << ") closed: " << c.accepted << " packets accepted, " << c.malformed
                << " malformed, " << c.forged << " forged and " << c.replayed
                << " replayed rejected" << std::endl;
  }

  static std::string seconds(clock_type::duration d) {
    std::ostringstream out;
    out << std::chrono::duration<double>(d).count() << " s";
    return out.str();
  }

  /// The next on_tick, sent with no sender: CAF 0.17's brokers never close
  /// their mailbox (abstract_broker::cleanup skips scheduled_actor's), so a
  /// tick that comes after the broker stopped stays in it, and one naming
  /// the broker as its sender kept the broker alive, and with it the
  /// workers' exit messages queued there (LeakSanitizer at SIGTERM, about
  /// one run in six of stall_test).
  void schedule_tick() {
    caf::delayed_anon_send(caf::actor_cast<caf::actor>(self_), tick_interval(), tick_atom::value);
  }

  /// A quarter of the shortest timeout, at most a second: a connection is
  /// closed at most that much after its time is up.
  clock_type::duration tick_interval() const {
    const auto& t = shared_->timeouts;
    auto shortest = t.idle.count() > 0 ? std::min(t.frame, t.idle) : t.frame;
    return std::min<clock_type::duration>(shortest / 4, std::chrono::seconds{1});
  }

  /// A datagram from an address without a client: a hello whose cookie
  /// checks out starts the handshake (the first state the server keeps for
  /// the address), a hello without one gets a challenge no larger than the
  /// hello, anything else nothing. CAF's entry for the address goes once
  /// the challenge is out.
  void on_stranger(caf::io::datagram_handle hdl, game::bytes_view data) {
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
      auto reply = cookie ? game::encode_frame(game::frame_type::challenge,
                                               {cookie->data(), cookie->size()})
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
  void make_room(const game::bytes& host) {
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
    log_closed(victim->second.peer,
               std::string{"evicted ("} + (victim->second.confirmed ? "confirmed" : "unconfirmed")
                 + "): "
                 + (address_full ? "--max-sessions-per-address "
                                     + std::to_string(shared_->max_sessions_per_address)
                                 : "--max-sessions " + std::to_string(shared_->max_sessions))
                 + " reached");
    send_bye(victim->first, victim->second);
    forget(victim);
  }

  static bool lower_value(const connection& a, const connection& b) {
    if (a.confirmed != b.confirmed)
      return !a.confirmed;
    return a.last_frame < b.last_frame;
  }

  /// A datagram from a client's address; false if it is not one the client
  /// would send (dropped, counted).
  bool on_client_datagram(peer_handle hdl, connection& c, const game::frame& f) {
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

  void deliver(connection& c, game::bytes_view packet) {
    c.pending.push(game::id_of_packet(packet));
    shared_->pool->deliver(*c.session, game::bytes(packet.data, packet.data + packet.size));
  }

  /// Removes a UDP address from CAF (nothing is ever queued to it there:
  /// send() writes on the socket itself).
  void retire(caf::io::datagram_handle hdl) { remove_address(hdl); }

  /// Handles one frame; false (with `problem` set) if it breaks the protocol.
  bool on_frame(peer_handle hdl, connection& c, const game::frame& f, std::string& problem) {
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
        return send_or(hdl, c,
                       game::encode_frame(game::frame_type::stats, game::encode_stats(stats())),
                       problem);
      default:
        problem = "a frame only servers send";
        return false;
    }
  }

  game::server_stats stats() const {
    auto m = shared_->metrics();
    game::server_stats s;
    s.sessions_open = m.sessions;
    s.sessions_opened = m.opened;
    s.packets_delivered = m.delivered;
    s.packets_accepted = m.decrypted;
    s.packets_malformed = m.malformed;
    s.packets_forged = m.auth_failures;
    s.protocol_errors = shared_->protocol_errors.load();
    s.packets_duplicate = m.duplicates;
    s.packets_too_old = m.too_old;
    // Each UDP address CAF holds is a client's (others are removed at once).
    if (shared_->transport == game::transport::udp) {
      s.udp_addresses = 0;
      for (const auto& entry : conns_)
        s.udp_addresses += std::holds_alternative<caf::io::datagram_handle>(entry.first) ? 1 : 0;
    }
    s.udp_dropped = shared_->udp_dropped.load();
    return s;
  }

  /// Queues `frame` for client `c`; false if it would have more than
  /// --max-unsent queued (TCP: UDP has no backlog, a datagram the socket
  /// cannot take is lost). Reaching --max-unsent-total drops the client with
  /// the most queued first (possibly `c`: then false).
  bool send(peer_handle hdl, connection& c, const game::bytes& frame) {
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

  /// Sends `frame` to a UDP address at once, not through CAF's queue
  /// (udp_peer.hpp): a datagram the socket cannot take is lost, as UDP may
  /// lose any.
  void send_datagram(caf::io::datagram_handle hdl, const game::bytes& frame) {
    if (servant_)
      game::send_to_peer(*servant_, udp_fd_, hdl, frame.data(), frame.size());
  }

  /// UDP has no close: a bye tells the client (if it is listening) that it
  /// is over, sealed in its session's channel (an empty message), so that
  /// no one else can end it with one from the server's address. A client
  /// without a channel (its handshake not answered, or refused) gets none:
  /// nothing it could verify. TCP's close needs no bye.
  void send_bye(peer_handle hdl, connection& c) {
    if (!c.sender || !std::holds_alternative<caf::io::datagram_handle>(hdl))
      return;
    if (auto sealed = c.sender->seal({}))
      send(hdl, c, game::encode_frame(game::frame_type::bye, {sealed->data(), sealed->size()}));
  }

  /// send(), or false with `problem` set (the caller then drops `c`; the
  /// caller of on_frame as a slow reader, see unread_replies).
  bool send_or(peer_handle hdl, connection& c, const game::bytes& frame, std::string& problem) {
    if (send(hdl, c, frame))
      return true;
    problem = unread_replies;
    return false;
  }

  /// The TCP client with the most replies queued.
  conn_map::iterator slowest_reader() {
    auto worst = conns_.end();
    for (auto i = conns_.begin(); i != conns_.end(); ++i)
      if (i->second.unsent > 0 && (worst == conns_.end() || i->second.unsent > worst->second.unsent))
        worst = i;
    return worst;
  }

  /// Drops a client that left too much unread: over its own --max-unsent,
  /// or the most of all when --max-unsent-total was reached (`at_total`).
  /// Its connection is reset: its queued replies go at once.
  void drop_slow_reader(peer_handle hdl, bool at_total) {
    drop(hdl, unread_replies, at_total ? slow_reader::at_total : slow_reader::over_own);
  }

  enum class slow_reader { no, over_own, at_total };

  void drop(peer_handle hdl, const std::string& problem, slow_reader slow = slow_reader::no) {
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

  /// CAF's close() keeps a connection's queued replies until they are
  /// written, which a client that does not read never allows: its buffers
  /// would stay. The replies not yet handed to CAF's writer go at once;
  /// shutting the socket down makes CAF's next write fail, and CAF then frees
  /// the rest (at its next poll: many slow readers dropped in one pass would
  /// otherwise all hold their buffers until then); with no linger its close
  /// resets the connection.
  void abort_connection(caf::io::connection_handle hdl) {
    std::vector<char>{}.swap(self_->wr_buf(hdl));
    // CAF 0.17's default multiplexer: a connection's handle is its socket.
    auto fd = static_cast<int>(hdl.id());
    linger no_linger{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &no_linger, sizeof no_linger);
    ::shutdown(fd, SHUT_RDWR);
  }

  void log_closed(const std::string& peer, const std::string& why) {
    auto& log = shared_->closed_log;
    print(log.advance(clock_type::now()));
    if (auto line = log.add("closing " + peer + ": " + why, peer + ": " + why))
      print({*line});
  }

  static void print(const std::vector<std::string>& lines) {
    for (const auto& line : lines)
      std::cout << line << '\n';
    if (!lines.empty())
      std::cout.flush();
  }

  /// Ends a client: its session, and the connection or the UDP address.
  void forget(conn_map::iterator i) {
    auto hdl = i->first;
    end(i);
    if (auto* udp = std::get_if<caf::io::datagram_handle>(&hdl))
      retire(*udp);
    else
      self_->close(std::get<caf::io::connection_handle>(hdl));
  }

  void remove_address(caf::io::datagram_handle hdl) {
    self_->remove_endpoint(hdl);
    // remove_endpoint leaves the broker's entry for the handle: without this
    // it kept one per address ever seen, and close_all() looped at exit.
    self_->erase(hdl);
  }

  /// Forgets a client and closes its session.
  void end(conn_map::iterator i) {
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
         game::session_sender& tx, const game::bytes& reply) {
      st->on_pending(ticket, std::move(rx), std::move(tx), reply);
    },
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

struct options {
  std::uint16_t port = 7777;
  std::string bind = "127.0.0.1";
  std::chrono::duration<double> duration{0};
  game::aead_choice aead;
  client_timeouts timeouts;
  game::transport transport = game::transport::tcp;
  std::size_t max_handshakes = 256;
  std::size_t max_sessions = 100000;
  std::size_t max_sessions_per_address = 16384;
  std::size_t max_unsent = 64 << 10;
  std::size_t max_unsent_total = 32 << 20;
  bool without_caf_protections = false;
};

const options& opts_default() {
  static const options defaults;
  return defaults;
}

/// The options, or exits 2 with one line on stderr (0 after --help).
options parse_options(int argc, char** argv) {
  std::string port = "7777", duration = "0", cipher = "aes-256-gcm";
  std::string frame_timeout = "10", idle_timeout = "60", transport = "tcp";
  std::string max_handshakes = "256", max_sessions = "100000", max_per_address = "16384";
  std::string max_unsent = std::to_string(opts_default().max_unsent);
  std::string max_unsent_total = std::to_string(opts_default().max_unsent_total);
  options opts;
  CLI::App app{
    "game_server: a TCP or UDP game server on actorbench's session pool, each "
    "session keyed by issue 18's handshake"};
  app.add_option("--port", port, "TCP port to listen on (0: any free one, printed)")
    ->default_str(port);
  app.add_option("--bind", opts.bind, "Address to listen on")->default_str(opts.bind);
  app.add_option("--duration", duration, "Seconds to run; 0: until SIGINT or SIGTERM")
    ->default_str(duration);
  app.add_option("--cipher", cipher, "AEAD cipher of every session")->default_str(cipher);
  app.add_option("--transport", transport, "tcp, or udp (one frame per datagram)")
    ->default_str(transport);
  app
    .add_option("--frame-timeout", frame_timeout,
                "Seconds a client may take to send its hello after connecting, and to finish "
                "a frame it began; then it is disconnected")
    ->default_str(frame_timeout);
  app
    .add_option("--idle-timeout", idle_timeout,
                "Seconds a session may go without a frame before it is disconnected; 0: never")
    ->default_str(idle_timeout);
  app
    .add_option("--max-handshakes", max_handshakes,
                "Hellos being answered at once; hellos beyond are dropped (clients retry)")
    ->default_str(max_handshakes);
  app
    .add_option("--max-sessions", max_sessions,
                "UDP: clients held at once; a new one beyond evicts the lowest-value one "
                "(unconfirmed first, then the longest idle)")
    ->default_str(max_sessions);
  app
    .add_option("--max-sessions-per-address", max_per_address,
                "UDP: clients held at once from one source address (any port); a new one "
                "beyond evicts that address's lowest-value one")
    ->default_str(max_per_address);
  app
    .add_option("--max-unsent", max_unsent,
                "TCP: bytes of replies a client may leave unread; beyond, it is dropped as a "
                "slow reader")
    ->default_str(max_unsent);
  app
    .add_option("--max-unsent-total", max_unsent_total,
                "TCP: bytes of unread replies of all clients together; beyond, the client with "
                "the most is dropped")
    ->default_str(max_unsent_total);
  app.add_flag("--without-caf-protections", opts.without_caf_protections,
               "Start even when the program was built without actorbench::caf_protections "
               "(CAF's acceptor then spins when out of file descriptors)");
  auto fail = [](const std::string& line) {
    std::cerr << "game_server: " << line << '\n';
    std::exit(2);
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    std::exit(0);
  } catch (const CLI::ParseError& e) {
    fail(e.what());
  }
  auto p = game::parse_integer("--port", port, 0, 65535);
  auto d = game::parse_seconds("--duration", duration, 0, 86400);
  auto c = game::find_aead(cipher);
  auto ft = game::parse_seconds("--frame-timeout", frame_timeout, 0.01, 3600);
  auto it = game::parse_seconds("--idle-timeout", idle_timeout, 0, 86400);
  auto tr = game::parse_transport(transport);
  auto mh = game::parse_integer("--max-handshakes", max_handshakes, 1, 1000000);
  auto ms = game::parse_integer("--max-sessions", max_sessions, 1, 10000000);
  auto mp = game::parse_integer("--max-sessions-per-address", max_per_address, 1, 10000000);
  // A reply is at most a welcome or a stats frame (under 100 bytes).
  auto mu = game::parse_integer("--max-unsent", max_unsent, 1024, 1ull << 30);
  auto mt = game::parse_integer("--max-unsent-total", max_unsent_total, 1024, 1ull << 40);
  for (const std::string* err :
       {p ? nullptr : &p.err(), d ? nullptr : &d.err(), c ? nullptr : &c.err(),
        ft ? nullptr : &ft.err(), it ? nullptr : &it.err(), tr ? nullptr : &tr.err(),
        mh ? nullptr : &mh.err(), ms ? nullptr : &ms.err(), mp ? nullptr : &mp.err(),
        mu ? nullptr : &mu.err(), mt ? nullptr : &mt.err()})
    if (err)
      fail(*err);
  if (*mt < *mu)
    fail("invalid --max-unsent-total '" + max_unsent_total
         + "': expected at least --max-unsent (" + max_unsent + ")");
  opts.port = static_cast<std::uint16_t>(*p);
  opts.duration = *d;
  opts.aead = *c;
  opts.timeouts.frame = std::chrono::duration_cast<clock_type::duration>(*ft);
  opts.timeouts.idle = std::chrono::duration_cast<clock_type::duration>(*it);
  opts.transport = *tr;
  opts.max_handshakes = static_cast<std::size_t>(*mh);
  opts.max_sessions = static_cast<std::size_t>(*ms);
  opts.max_sessions_per_address = static_cast<std::size_t>(*mp);
  opts.max_unsent = static_cast<std::size_t>(*mu);
  opts.max_unsent_total = static_cast<std::size_t>(*mt);
  return opts;
}

} // namespace

int main(int argc, char** argv) {
  auto opts = parse_options(argc, argv);
  game::raise_open_files_limit();
  game::catch_stop_signals();
  // Out of file descriptors, CAF's acceptor would spin (fd_reserve.hpp).
  if (!actors::fd_reserve::enable() && !opts.without_caf_protections) {
    std::cerr << "game_server: cannot start: "
              << actors::caf_protections::refusal({actors::caf_protections::fd_reserve_name()},
                                                  "--without-caf-protections")
              << '\n';
    return 1;
  }
  caf::actor_system_config cfg;
  cfg.load<caf::io::middleman>();
  // One scheduler thread per core (CAF's default would be at least 4).
  cfg.set("scheduler.max-threads", std::max(1u, std::thread::hardware_concurrency()));
  caf::actor_system sys{cfg};
  auto shared = std::make_shared<server_shared>();
  auto keys = game::make_handshake_keys();
  if (!keys) {
    std::cerr << "game_server: " << keys.err() << '\n';
    return 1;
  }
  shared->ka = keys->ka;
  game::bytes cookie_secret(32);
  if (!keys->ka->random(cookie_secret.data(), cookie_secret.size())) {
    std::cerr << "game_server: no random bytes for the cookie secret\n";
    return 1;
  }
  shared->cookies.emplace(*keys->ka, std::move(cookie_secret));
  shared->identity = std::move(keys->identity);
  shared->max_handshakes = opts.max_handshakes;
  shared->max_sessions = opts.max_sessions;
  shared->max_sessions_per_address = opts.max_sessions_per_address;
  shared->aead = opts.aead;
  shared->timeouts = opts.timeouts;
  shared->transport = opts.transport;
  shared->max_unsent = opts.max_unsent;
  shared->max_unsent_total = opts.max_unsent_total;
  auto server = sys.middleman().spawn_broker(game_server, shared);
  caf::scoped_actor self{sys};
  self->monitor(server);
  // The broker leaves first, so that nothing uses the pool when it goes.
  auto shut_down = [&] {
    bool ok = true;
    caf::anon_send_exit(server, caf::exit_reason::user_shutdown);
    self->receive([](const caf::down_msg&) {},
                  caf::after(std::chrono::seconds{5}) >> [&] { ok = false; });
    if (shared->pool && !shared->pool->stop(std::chrono::seconds{5}))
      ok = false;
    shared->pool.reset();
    return ok;
  };

  actors::session_pool_config pc;
  pc.backend = opts.aead.backend;
  pc.cipher = opts.aead.cipher;
  pc.handler = server;
  pc.report_rejections = true;
  auto pool = actors::session_pool::create(sys, std::move(pc));
  if (!pool) {
    std::cerr << "game_server: " << pool.err().detail << '\n';
    shut_down();
    return 1;
  }
  shared->pool = std::move(*pool);

  std::optional<std::uint16_t> port;
  std::string why;
  self->request(server, std::chrono::seconds{5}, open_atom::value, opts.port, opts.bind)
    .receive([&](std::uint16_t p) { port = p; }, [&](const caf::error& e) { why = sys.render(e); });
  if (!port) {
    std::cerr << "game_server: invalid --port " << opts.port << " or --bind '" << opts.bind
              << "': cannot listen there (" << why << ")\n";
    shut_down();
    return 2;
  }
  std::cout << "game_server: listening on " << actors::endpoint_name(opts.bind, *port) << ", "
            << (opts.transport == game::transport::tcp ? "tcp" : "udp") << ", "
            << opts.aead.backend->name() << '/' << opts.aead.cipher->name << std::endl;
  std::cout << "game_server: server key " << crypto::to_hex(shared->identity.public_key)
            << std::endl;

  actors::fd_reserve::watcher descriptors;
  bool signalled = game::wait_for_stop(opts.duration, [&] {
    for (const auto& line : descriptors.changes())
      std::cout << "game_server: " << line << std::endl;
  });
  auto m = shared->metrics();
  std::cout << "game_server: stopping (" << (signalled ? "signal" : "--duration") << "); sessions "
            << m.opened << " opened, " << m.sessions << " open; packets " << m.delivered
            << " delivered, " << m.decrypted << " accepted, " << m.malformed << " malformed, "
            << m.auth_failures << " forged, " << m.duplicates << " duplicate, " << m.too_old
            << " too old; " << shared->protocol_errors.load()
            << " connections closed for protocol errors ("
            << shared->slow_readers_over_own + shared->slow_readers_at_total
            << " slow readers: " << shared->slow_readers_over_own.load() << " at --max-unsent, "
            << shared->slow_readers_at_total.load() << " at --max-unsent-total); "
            << shared->hellos_dropped.load()
            << " hellos dropped (--max-handshakes); UDP: " << shared->challenges_sent.load()
            << " challenges sent, " << shared->udp_dropped.load()
            << " datagrams dropped unanswered, " << shared->sessions_evicted.load()
            << " sessions evicted (--max-sessions, --max-sessions-per-address)" << std::endl;
  bool stopped = shut_down();
  // The broker is gone (or never stops): nothing else writes the log now.
  for (const auto& line : shared->closed_log.finish())
    std::cout << line << '\n';
  std::cout << "game_server: " << shared->closed_log.total() << " clients closed in all"
            << std::endl;
  if (!stopped) {
    std::cerr << "game_server: the server did not stop within 10 s\n";
    return 1;
  }
  return 0;
}
