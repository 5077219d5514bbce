// game_server's command line: the options as CLI11 reads them, then each
// checked, the first bad one named (exit 2).

#include <cstdlib>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "server_options.hpp"

namespace game::server {

namespace {

/// The options as given, checked once CLI11 has read them; the defaults are
/// those --help shows.
struct option_texts {
  std::string port = "7777", duration = "0", cipher = "aes-256-gcm";
  std::string frame_timeout = "10", idle_timeout = "60", transport = "tcp";
  std::string max_handshakes = "256", max_sessions = "100000", max_per_address = "16384";
  std::string max_unsent = std::to_string(options{}.max_unsent);
  std::string max_unsent_total = std::to_string(options{}.max_unsent_total);
};

[[noreturn]] void fail(const std::string& line) {
  std::cerr << "game_server: " << line << '\n';
  std::exit(2);
}

void add_options(CLI::App& app, option_texts& t, options& opts) {
  struct text_option {
    const char* name;
    std::string* text;
    const char* help;
  };
  const text_option text_options[] = {
    {"--port", &t.port, "TCP port to listen on (0: any free one, printed)"},
    {"--bind", &opts.bind, "Address to listen on"},
    {"--duration", &t.duration, "Seconds to run; 0: until SIGINT or SIGTERM"},
    {"--cipher", &t.cipher, "AEAD cipher of every session"},
    {"--transport", &t.transport, "tcp, or udp (one frame per datagram)"},
    {"--frame-timeout", &t.frame_timeout,
     "Seconds a client may take to send its hello after connecting, and to finish "
     "a frame it began; then it is disconnected"},
    {"--idle-timeout", &t.idle_timeout,
     "Seconds a session may go without a frame before it is disconnected; 0: never"},
    {"--max-handshakes", &t.max_handshakes,
     "Hellos being answered at once; hellos beyond are dropped (clients retry)"},
    {"--max-sessions", &t.max_sessions,
     "UDP: clients held at once; a new one beyond evicts the lowest-value one "
     "(unconfirmed first, then the longest idle)"},
    {"--max-sessions-per-address", &t.max_per_address,
     "UDP: clients held at once from one source address (any port); a new one "
     "beyond evicts that address's lowest-value one"},
    {"--max-unsent", &t.max_unsent,
     "TCP: bytes of replies a client may leave unread; beyond, it is dropped as a "
     "slow reader"},
    {"--max-unsent-total", &t.max_unsent_total,
     "TCP: bytes of unread replies of all clients together; beyond, the client with "
     "the most is dropped"},
  };
  for (const auto& o : text_options)
    app.add_option(o.name, *o.text, o.help)->default_str(*o.text);
  app.add_flag("--without-caf-protections", opts.without_caf_protections,
               "Start even when the program was built without actorbench::caf_protections "
               "(CAF's acceptor then spins when out of file descriptors)");
}

/// Checks the texts into `opts`, or exits 2 naming the first bad one.
void check_options(const option_texts& t, options& opts) {
  auto p = game::parse_integer("--port", t.port, 0, 65535);
  auto d = game::parse_seconds("--duration", t.duration, 0, 86400);
  auto c = game::find_aead(t.cipher);
  auto ft = game::parse_seconds("--frame-timeout", t.frame_timeout, 0.01, 3600);
  auto it = game::parse_seconds("--idle-timeout", t.idle_timeout, 0, 86400);
  auto tr = game::parse_transport(t.transport);
  auto mh = game::parse_integer("--max-handshakes", t.max_handshakes, 1, 1000000);
  auto ms = game::parse_integer("--max-sessions", t.max_sessions, 1, 10000000);
  auto mp = game::parse_integer("--max-sessions-per-address", t.max_per_address, 1, 10000000);
  // A reply is at most a welcome or a stats frame (under 100 bytes).
  auto mu = game::parse_integer("--max-unsent", t.max_unsent, 1024, 1ull << 30);
  auto mt = game::parse_integer("--max-unsent-total", t.max_unsent_total, 1024, 1ull << 40);
  for (const std::string* err :
       {p ? nullptr : &p.err(), d ? nullptr : &d.err(), c ? nullptr : &c.err(),
        ft ? nullptr : &ft.err(), it ? nullptr : &it.err(), tr ? nullptr : &tr.err(),
        mh ? nullptr : &mh.err(), ms ? nullptr : &ms.err(), mp ? nullptr : &mp.err(),
        mu ? nullptr : &mu.err(), mt ? nullptr : &mt.err()})
    if (err)
      fail(*err);
  if (*mt < *mu)
    fail("invalid --max-unsent-total '" + t.max_unsent_total + "': expected at least --max-unsent ("
         + t.max_unsent + ")");
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
}

} // namespace

options parse_options(int argc, char** argv) {
  option_texts texts;
  options opts;
  CLI::App app{
    "game_server: a TCP or UDP game server on actorbench's session pool, each "
    "session keyed by a Noise_NK handshake (no key on the wire)"};
  add_options(app, texts, opts);
  if (auto stop = game::parse_command_line(app, argc, argv)) {
    if (stop->code != 0)
      fail(stop->text);
    std::cout << stop->text;
    std::exit(0);
  }
  check_options(texts, opts);
  return opts;
}

} // namespace game::server
