// The load generator's command line: the options as CLI11 reads them, then
// each checked, the first bad one named (exit 2).

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "load_options.hpp"

using namespace actorbench;
using game::client_kind;

namespace game::load_generator {

namespace {

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

/// The options as given, checked once CLI11 has read them; the defaults are
/// those --help shows.
struct option_texts {
  std::string port, stats_port, clients = "1000", duration = "10", rate = "20",
                                cipher = "aes-256-gcm", transport = "tcp", loss = "0", seed = "1",
                                server_key;
  std::vector<class_option> classes{
    {client_kind::tampered, "Clients whose packets are tampered with", "1"},
    {client_kind::malformed, "Clients whose packets are too short", "0"},
    {client_kind::garbage, "Clients that send an invalid frame after hello", "0"},
    {client_kind::replay, "Clients that replay accepted packets byte for byte", "0"},
    {client_kind::reorder, "Clients that reorder and duplicate packets within the window", "0"},
    {client_kind::stale, "Clients that send packets older than the replay window", "0"},
    {client_kind::mitm, "Clients that pin another server key (a man in the middle)", "0"},
  };
};

void add_options(CLI::App& app, option_texts& t, options& opts) {
  app.add_option("--host", opts.host, "The server's address")->default_str(opts.host);
  app.add_option("--port", t.port, "The server's port")->required();
  app.add_option("--stats-port", t.stats_port,
                 "The server's TCP port for stats requests (default: --port; a UDP server "
                 "serves them on TCP only)");
  app.add_option("--transport", t.transport, "tcp, or udp (the server's)")
    ->default_str(t.transport);
  app.add_option("--clients", t.clients, "Connections, each with its own session")
    ->default_str(t.clients);
  app.add_option("--duration", t.duration, "Seconds of sending")->default_str(t.duration);
  app.add_option("--rate", t.rate, "Packets per second per client")->default_str(t.rate);
  for (auto& c : t.classes)
    app.add_option("--" + std::string{to_string(c.kind)}, c.text, c.help)->default_str(c.text);
  app.add_option("--loss", t.loss, "UDP: share of each client's datagrams dropped before sending")
    ->default_str(t.loss);
  app.add_option("--seed", t.seed, "Seed of the --loss choices")->default_str(t.seed);
  app.add_option("--server-key", t.server_key,
                 "The server's public key, 64 hex digits (game_server prints it): required");
  app.add_option("--cipher", t.cipher, "AEAD cipher (the server's)")->default_str(t.cipher);
}

/// The value `r` holds, or exits 2 naming the bad input.
template <class Parsed>
auto checked(Parsed r) {
  if (!r)
    bad_input(r.err());
  return *r;
}

/// Checks the texts into `opts`, or exits 2 naming the first bad one.
void check_options(const option_texts& t, options& opts) {
  opts.port = static_cast<std::uint16_t>(checked(game::parse_integer("--port", t.port, 1, 65535)));
  opts.stats_port = t.stats_port.empty() ? opts.port
                                         : static_cast<std::uint16_t>(checked(game::parse_integer(
                                           "--stats-port", t.stats_port, 1, 65535)));
  opts.transport = checked(game::parse_transport(t.transport));
  opts.clients = checked(game::parse_integer("--clients", t.clients, 1, 100000));
  opts.duration = checked(game::parse_seconds("--duration", t.duration, 0.1, 3600));
  opts.rate = static_cast<double>(checked(game::parse_integer("--rate", t.rate, 1, 10000)));
  std::uint64_t left = opts.clients;
  for (const auto& c : t.classes) {
    auto n = checked(game::parse_integer("--" + std::string{to_string(c.kind)}, c.text, 0, left));
    opts.hostile[static_cast<std::size_t>(c.kind)] = n;
    left -= n;
  }
  opts.loss = checked(game::parse_number("--loss", t.loss, 0, 0.5, "a share"));
  if (opts.loss > 0 && opts.transport != game::transport::udp)
    bad_input("invalid --loss '" + t.loss + "': expected 0 over tcp (only UDP datagrams are lost)");
  opts.seed = checked(game::parse_integer("--seed", t.seed, 0, ~std::uint64_t{0} >> 1));
  opts.aead = checked(game::find_aead(t.cipher));
  auto key = crypto::from_hex(t.server_key);
  if (t.server_key.empty())
    bad_input("--server-key is required (game_server prints its key when it starts)");
  if (!key || key->size() != 32)
    bad_input("invalid --server-key '" + t.server_key + "': expected 64 hex digits");
  opts.server_key = *key;
  const auto files = game::raise_open_files_limit();
  if (opts.clients + 64 > files)
    bad_input("invalid --clients '" + t.clients + "': " + t.clients
              + " connections need more files than the limit of " + std::to_string(files)
              + " (ulimit -n)");
}

} // namespace

options parse_options(int argc, char** argv) {
  option_texts texts;
  options opts;
  CLI::App app{
    "load_generator: clients for game_server, each with its own key; checks "
    "every verdict"};
  add_options(app, texts, opts);
  if (auto stop = game::parse_command_line(app, argc, argv)) {
    if (stop->code != 0)
      bad_input(stop->text);
    std::cout << stop->text;
    std::exit(0);
  }
  check_options(texts, opts);
  return opts;
}

client_kind kind_of(std::uint64_t i, const options& o) {
  for (auto k : game::all_kinds) {
    const auto n = o.hostile[static_cast<std::size_t>(k)];
    if (i < n)
      return k;
    i -= n;
  }
  return client_kind::good;
}

} // namespace game::load_generator
