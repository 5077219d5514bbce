// What game_server's broker says: the closed clients' bounded log, a closing
// session's rejections, and its counters for a stats request.

#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include "server_state.hpp"

using namespace actorbench;

namespace game::server {

/// A closing session's rejections, if it had any.
void server_state::report(const connection& c) {
  if (c.session && c.malformed + c.forged + c.replayed > 0)
    std::cout << "game_server: session " << *c.session << " (" << c.peer
              << ") closed: " << c.accepted << " packets accepted, " << c.malformed
              << " malformed, " << c.forged << " forged and " << c.replayed << " replayed rejected"
              << std::endl;
}

void server_state::log_closed(const std::string& peer, const std::string& why) {
  auto& log = shared_->closed_log;
  print(log.advance(clock_type::now()));
  if (auto line = log.add("closing " + peer + ": " + why, peer + ": " + why))
    print({*line});
}

void server_state::print(const std::vector<std::string>& lines) {
  for (const auto& line : lines)
    std::cout << line << '\n';
  if (!lines.empty())
    std::cout.flush();
}

game::server_stats server_state::stats() const {
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

void print_stopping(const server_shared& shared, bool signalled) {
  auto m = shared.metrics();
  std::cout << "game_server: stopping (" << (signalled ? "signal" : "--duration") << "); sessions "
            << m.opened << " opened, " << m.sessions << " open; packets " << m.delivered
            << " delivered, " << m.decrypted << " accepted, " << m.malformed << " malformed, "
            << m.auth_failures << " forged, " << m.duplicates << " duplicate, " << m.too_old
            << " too old; " << shared.protocol_errors.load()
            << " connections closed for protocol errors ("
            << shared.slow_readers_over_own + shared.slow_readers_at_total
            << " slow readers: " << shared.slow_readers_over_own.load() << " at --max-unsent, "
            << shared.slow_readers_at_total.load() << " at --max-unsent-total); "
            << shared.hellos_dropped.load()
            << " hellos dropped (--max-handshakes); UDP: " << shared.challenges_sent.load()
            << " challenges sent, " << shared.udp_dropped.load()
            << " datagrams dropped unanswered, " << shared.sessions_evicted.load()
            << " sessions evicted (--max-sessions, --max-sessions-per-address)" << std::endl;
}

void print_closed_log(server_shared& shared) {
  for (const auto& line : shared.closed_log.finish())
    std::cout << line << '\n';
  std::cout << "game_server: " << shared.closed_log.total() << " clients closed in all"
            << std::endl;
}

} // namespace game::server
