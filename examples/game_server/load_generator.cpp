// The game server's load generator: N clients, each a CAF broker on its own
// TCP connection or UDP socket, each opening its session with the handshake
// (pinning --server-key), sending secure-channel packets at a fixed rate and
// checking each of the server's verdicts against the one its class expects
// (client_script.hpp): good, tampered, malformed, replay, reorder, stale;
// garbage sends an invalid frame after hello and mitm pins another key, and
// the server must end those sessions (over UDP: never welcome the mitm, whose
// refusal it cannot seal). The server's UDP bye counts only if it opens under
// the session's key; a verdict counts only if it names a packet the client
// sent (its epoch, counter and tag's end), and any frame a client does not
// expect is dropped and counted, never fatal (over UDP anyone can send
// from the server's address). Over UDP, --loss drops that share of each client's
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
//
// Its parts: load_options (the command line), load_plan (what each client
// gets and reports), load_client* (a client), load_stats_probe (the server's
// counters) and load_report (the report).

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/io/middleman.hpp>
#include <caf/send.hpp>

#include "actors/remote/endpoint_name.hpp"
#include "actors/runtime/countdown_latch.hpp"
#include "handshake_keys.hpp"
#include "load_client.hpp"
#include "load_options.hpp"
#include "load_plan.hpp"
#include "load_report.hpp"
#include "load_stats_probe.hpp"

using namespace actorbench;

namespace game::load_generator {

namespace {

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

/// The run's first line: the clients, their classes, rate and cipher.
void print_plan(const options& opts, const run_plan& plan, const std::string& server) {
  std::cout << "load_generator: " << opts.clients << " clients (";
  for (auto k : game::all_kinds)
    if (auto n = opts.hostile[static_cast<std::size_t>(k)])
      std::cout << n << ' ' << to_string(k) << ", ";
  std::cout << "the rest good) for " << opts.duration.count() << " s at " << opts.rate
            << " packets/s each to " << server << " over "
            << (opts.transport == game::transport::udp ? "udp" : "tcp") << " (loss " << opts.loss
            << "), " << plan.backend->name() << '/' << plan.cipher->name << std::endl;
}

/// Ticks the clients until every one is done, the run is interrupted or its
/// time is up (then they are stopped, with a line on stderr); whether all
/// were done.
bool tick_until_done(const std::vector<caf::actor>& clients, const options& opts,
                     actors::countdown_latch& done, clock_type::time_point start) {
  const std::chrono::duration<double> limit =
    opts.duration + hello_retry.longest() + 2 * drain_limit + std::chrono::seconds{10};
  const auto period = tick_period(opts.rate);
  bool finished = false;
  while (!finished && !game::stop_requested() && clock_type::now() - start < limit) {
    for (const auto& c : clients)
      caf::anon_send(c, tick_atom::value);
    finished = done.wait_for(period);
  }
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
  }
  return finished;
}

/// The server's counters after the run, once it has freed what the clients
/// held: sessions close asynchronously after the disconnects (over UDP
/// perhaps only at the server's idle timeout, if every bye was lost), and a
/// UDP address goes once the server's last datagram to it is out.
game::parsed<game::server_stats> stats_after(caf::actor_system& sys, const options& opts,
                                             const game::server_stats& before) {
  auto after = ask_stats(sys, opts.transport, opts.host, opts.stats_port);
  for (auto deadline = clock_type::now() + std::chrono::seconds{10};
       after && left_behind(before, *after) && clock_type::now() < deadline;
       after = ask_stats(sys, opts.transport, opts.host, opts.stats_port))
    std::this_thread::sleep_for(std::chrono::milliseconds{20});
  return after;
}

/// Prints the report; the exit code.
int report(const std::vector<client_result>& results, std::chrono::duration<double> elapsed,
           const options& opts, clock_type::time_point connecting, clock_type::time_point start,
           const game::server_stats& before, const game::parsed<game::server_stats>& after) {
  auto problems = report_clients(results, elapsed, opts);
  report_sessions(results, connecting, start);
  if (!after)
    problems.push_back("the server did not answer after the run: " + after.err());
  else if (auto p = report_server(before, *after))
    problems.push_back(*p);
  std::fflush(stdout);
  for (const auto& p : problems)
    std::cout << "load_generator: FAILED: " << p << '\n';
  if (!problems.empty())
    return 1;
  // What anyone may send a client is dropped, not fatal: its count is on the last line too.
  std::cout << "load_generator: OK: every verdict as its class expects, every session freed"
            << (opts.transport == game::transport::udp ? " and every UDP address" : "") << " ("
            << dropped_total(results) << " unexpected frames and " << unmatched_total(results)
            << " verdicts naming no packet sent dropped)" << std::endl;
  return 0;
}

} // namespace

} // namespace game::load_generator

int main(int argc, char** argv) {
  using namespace game::load_generator;
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
  print_plan(opts, plan, server);

  std::vector<client_result> results(opts.clients);
  actors::countdown_latch done{opts.clients};
  const auto connecting = clock_type::now();
  auto clients = start_clients(sys, opts, plan, results, done);
  const auto start = clock_type::now();
  for (const auto& c : clients)
    caf::anon_send(c, go_atom::value);
  if (!tick_until_done(clients, opts, done, start))
    return 1;
  const std::chrono::duration<double> elapsed = clock_type::now() - start;
  auto after = stats_after(sys, opts, *before);
  return report(results, elapsed, opts, connecting, start, *before, after);
}
