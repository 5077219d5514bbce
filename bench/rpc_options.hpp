#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/servers/server_limits.hpp"
#include "actors/remote/hello.hpp"
#include "actors/remote/tls_settings.hpp"
#include "bench/common/endpoint.hpp"
#include "bench/common/error.hpp"
#include "bench/output_format.hpp"
#include "bench/common/tls_options.hpp"

namespace CLI {
class App;
}

namespace actorbench::bench {

/// Options of `actorbench serve`, validated.
struct serve_options {
  /// 0: any free port (the one bound is printed).
  std::uint16_t port = 0;
  /// Address to listen on (0.0.0.0 or ::: every interface).
  std::string bind = "127.0.0.1";
  std::optional<actors::tls_settings> tls;
  /// Stop after this long; zero: at SIGINT or SIGTERM only.
  std::chrono::seconds duration{0};
  std::size_t threads = 0;
  actors::hello_host hello_on = actors::hello_host::scheduler;
  server_limits limits;
};

/// Options of `actorbench rpc`, validated.
struct rpc_options {
  /// The server to ask; unset with --local.
  std::optional<endpoint> target;
  /// The TLS server of --compare when not --local.
  std::optional<endpoint> tls_target;
  /// Start the server(s) as child processes on loopback.
  bool local = false;
  /// The client's TLS files (--tls); with --compare, those of the TLS side.
  std::optional<actors::tls_settings> tls;
  /// The local TLS server's certificate and key (--local with TLS).
  std::string server_certificate;
  std::string server_key;
  /// Plain and TLS side by side, interleaved, with the overhead in %.
  bool compare = false;
  /// A new connection (and actor system) for every request.
  bool reconnect = false;
  std::size_t requests = 1000;
  std::size_t warmup = 100;
  /// Requests are taken in this many interleaved rounds per mode.
  std::size_t rounds = 10;
  /// What every request (and every connection attempt) may take.
  std::chrono::milliseconds timeout{5000};
  /// The argument of hello(name); the seed's is "".
  std::string name;
  std::size_t threads = 0;
  /// The client's busy wait for each reply before it blocks.
  std::chrono::microseconds spin{100};
  /// Where the --local servers run their hello actor.
  actors::hello_host hello_on = actors::hello_host::scheduler;
  /// Set: the measuring (spinning) thread runs on this CPU alone; the
  /// client's CAF threads and the --local servers on the others.
  std::optional<int> spin_cpu;
  /// The others: every CPU this process may use but spin_cpu.
  std::vector<int> other_cpus;
  /// table, json or csv; to output_path, or standard output when empty.
  output_format format = output_format::table;
  std::string output_path;
};

/// The options as typed, before validation.
struct serve_cli_values {
  std::string port = "0";
  std::string bind = "127.0.0.1";
  std::string duration = "0";
  std::string threads = "0";
  std::string hello_on = "scheduler";
  server_limits_text limits;
  tls_cli_values tls;
};

struct rpc_cli_values {
  std::string connect;
  std::string tls_connect;
  bool local = false;
  bool compare = false;
  bool reconnect = false;
  std::string requests = "1000";
  std::string warmup = "100";
  /// Empty: 10, or fewer when there are fewer requests.
  std::string rounds;
  std::string timeout = "5";
  std::string name;
  std::string threads = "0";
  std::string spin = "100";
  std::string spin_cpu = "auto";
  std::string hello_on;
  std::string format = "table";
  std::string output;
  std::string server_certificate;
  std::string server_key;
  tls_cli_values tls;
};

/// Adds the `serve` and `rpc` subcommands to `app`, writing into `values`.
CLI::App* add_serve_command(CLI::App& app, serve_cli_values& values);
CLI::App* add_rpc_command(CLI::App& app, rpc_cli_values& values);

/// "scheduler" or "multiplexer" (--hello-on).
result<actors::hello_host> parse_hello_host(const std::string& text);

/// Checks every value; one line naming the bad value on error.
result<serve_options> validate_serve(const serve_cli_values& raw);
result<rpc_options> validate_rpc(const rpc_cli_values& raw);

} // namespace actorbench::bench
