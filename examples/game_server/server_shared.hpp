#pragma once

// What game_server's main and its broker share: the session pool, the
// handshake's keys, the limits from the command line and the counters the
// broker keeps and main prints at the end.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "actors/session_pool/handshake.hpp"
#include "actors/session_pool/session_pool.hpp"
#include "bench/servers/bounded_log.hpp"
#include "command_line.hpp"
#include "cookie.hpp"
#include "crypto/key_agreement.hpp"

namespace game::server {

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
  std::shared_ptr<actorbench::actors::session_pool> pool;
  /// The handshake: X25519 and the server's static key pair (clients pin
  /// its public half), and the sessions' AEAD.
  const actorbench::crypto::key_agreement* ka = nullptr;
  actorbench::actors::server_identity identity;
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
  actorbench::actors::pool_metrics metrics() const {
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
  /// the load generator's one thread (bench/NOTEBOOK.md).
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

/// The counters main prints when the server stops (server_output.cpp).
void print_stopping(const server_shared& shared, bool signalled);
/// The closed clients' log's last lines and its total, once the broker is
/// gone: nothing else writes the log then (server_output.cpp).
void print_closed_log(server_shared& shared);

} // namespace game::server
