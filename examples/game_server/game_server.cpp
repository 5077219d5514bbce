// A game server over TCP or UDP embedding actors::session_pool on CAF's middleman.
//
// One broker (on the middleman's I/O thread) accepts connections and splits
// their byte streams into frames, or takes one frame per UDP datagram
// (packet_codec.hpp). A client's `hello` carries a Noise_NK handshake: the
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
//
// The broker is server_state (server_state.hpp); its options are in
// server_options.hpp, what it shares with main in server_shared.hpp.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/io/middleman.hpp>
#include <caf/scoped_actor.hpp>
#include <caf/send.hpp>

#include "actors/remote/caf_protections.hpp"
#include "actors/remote/endpoint_name.hpp"
#include "actors/remote/fd_reserve.hpp"
#include "actors/session_pool/session_pool.hpp"
#include "command_line.hpp"
#include "handshake_keys.hpp"
#include "server_options.hpp"
#include "server_shared.hpp"
#include "server_state.hpp"

using namespace actorbench;

namespace game::server {

namespace {

/// What main shares with the broker, with the handshake's keys and the
/// cookies' secret; nullptr after a line on stderr.
std::shared_ptr<server_shared> make_shared_state(const options& opts) {
  auto shared = std::make_shared<server_shared>();
  auto keys = game::make_handshake_keys();
  if (!keys) {
    std::cerr << "game_server: " << keys.err() << '\n';
    return nullptr;
  }
  shared->ka = keys->ka;
  game::bytes cookie_secret(32);
  if (!keys->ka->random(cookie_secret.data(), cookie_secret.size())) {
    std::cerr << "game_server: no random bytes for the cookie secret\n";
    return nullptr;
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
  return shared;
}

/// The broker leaves first, so that nothing uses the pool when it goes;
/// false if either did not stop within 5 s.
bool shut_down(caf::scoped_actor& self, const caf::actor& server, server_shared& shared) {
  bool ok = true;
  caf::anon_send_exit(server, caf::exit_reason::user_shutdown);
  self->receive([](const caf::down_msg&) {},
                caf::after(std::chrono::seconds{5}) >> [&] { ok = false; });
  if (shared.pool && !shared.pool->stop(std::chrono::seconds{5}))
    ok = false;
  shared.pool.reset();
  return ok;
}

/// The session pool, with the broker as its handler; false after a line on stderr.
bool start_pool(caf::actor_system& sys, const options& opts, const caf::actor& server,
                server_shared& shared) {
  actors::session_pool_config pc;
  pc.backend = opts.aead.backend;
  pc.cipher = opts.aead.cipher;
  pc.handler = server;
  pc.report_rejections = true;
  auto pool = actors::session_pool::create(sys, std::move(pc));
  if (!pool) {
    std::cerr << "game_server: " << pool.err().detail << '\n';
    return false;
  }
  shared.pool = std::move(*pool);
  return true;
}

/// The port the broker listens on; none after a line on stderr.
std::optional<std::uint16_t> open_port(caf::scoped_actor& self, const caf::actor& server,
                                       const options& opts) {
  std::optional<std::uint16_t> port;
  std::string why;
  self->request(server, std::chrono::seconds{5}, open_atom::value, opts.port, opts.bind)
    .receive([&](std::uint16_t p) { port = p; },
             [&](const caf::error& e) { why = self->system().render(e); });
  if (!port)
    std::cerr << "game_server: invalid --port " << opts.port << " or --bind '" << opts.bind
              << "': cannot listen there (" << why << ")\n";
  return port;
}

void print_listening(const options& opts, std::uint16_t port, const server_shared& shared) {
  std::cout << "game_server: listening on " << actors::endpoint_name(opts.bind, port) << ", "
            << (opts.transport == game::transport::tcp ? "tcp" : "udp") << ", "
            << opts.aead.backend->name() << '/' << opts.aead.cipher->name << std::endl;
  std::cout << "game_server: server key " << crypto::to_hex(shared.identity.public_key)
            << std::endl;
}

} // namespace

} // namespace game::server

int main(int argc, char** argv) {
  namespace gs = game::server;
  auto opts = gs::parse_options(argc, argv);
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
  auto shared = gs::make_shared_state(opts);
  if (!shared)
    return 1;
  auto server = sys.middleman().spawn_broker(gs::game_server, shared);
  caf::scoped_actor self{sys};
  self->monitor(server);
  if (!gs::start_pool(sys, opts, server, *shared)) {
    gs::shut_down(self, server, *shared);
    return 1;
  }
  auto port = gs::open_port(self, server, opts);
  if (!port) {
    gs::shut_down(self, server, *shared);
    return 2;
  }
  gs::print_listening(opts, *port, *shared);

  actors::fd_reserve::watcher descriptors;
  bool signalled = game::wait_for_stop(opts.duration, [&] {
    for (const auto& line : descriptors.changes())
      std::cout << "game_server: " << line << std::endl;
  });
  gs::print_stopping(*shared, signalled);
  bool stopped = gs::shut_down(self, server, *shared);
  gs::print_closed_log(*shared);
  if (!stopped) {
    std::cerr << "game_server: the server did not stop within 10 s\n";
    return 1;
  }
  return 0;
}
