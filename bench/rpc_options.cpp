#include "bench/rpc_options.hpp"

#include <CLI/CLI.hpp>

#include "bench/rpc/spin_cpu.hpp"
#include "bench/servers/server_limits.hpp"
#include "bench/output_options.hpp"
#include "bench/harness/value_list.hpp"

namespace actorbench::bench {

CLI::App* add_serve_command(CLI::App& app, serve_cli_values& values) {
  auto* cmd = app.add_subcommand(
    "serve",
    "Publish the seed's hello actor (replies \"Hello, \" + name) for `actorbench rpc`; "
    "runs until SIGINT or SIGTERM, or --duration");
  cmd->add_option("--port", values.port, "TCP port; 0 picks a free one (the bound port is printed)")
    ->default_str(values.port);
  cmd
    ->add_option("--bind", values.bind,
                 "Address to listen on; 0.0.0.0 or :: for every interface (plain TCP is "
                 "unauthenticated: expose it only on a network you trust)")
    ->default_str(values.bind);
  cmd->add_option("--duration", values.duration, "Stop after S seconds; 0: only at a signal")
    ->default_str(values.duration);
  cmd->add_option("--threads", values.threads, "Scheduler threads")->default_str("one per core");
  cmd
    ->add_option("--hello-on", values.hello_on,
                 "Where the hello actor runs: scheduler (like any user actor) or multiplexer "
                 "(a broker in the middleman's thread: no thread hand-off per request)")
    ->default_str(values.hello_on);
  add_server_limit_options(*cmd, values.limits);
  add_tls_options(*cmd, values.tls);
  return cmd;
}

CLI::App* add_rpc_command(CLI::App& app, rpc_cli_values& values) {
  auto* cmd = app.add_subcommand(
    "rpc",
    "Request latency of the hello actor over the network (the dRuby experiment of seed "
    "003): mean, median, p99, max and requests/s, plain or TLS with client certificates");
  cmd->add_option("--connect", values.connect, "The server, HOST:PORT");
  cmd->add_flag("--local", values.local,
                "Start the server(s) as child processes on 127.0.0.1 (one-command run)");
  cmd->add_option("--requests", values.requests, "Measured requests per mode")
    ->default_str(values.requests);
  cmd->add_option("--warmup", values.warmup, "Unmeasured requests per mode first")
    ->default_str(values.warmup);
  cmd
    ->add_option("--rounds", values.rounds,
                 "Requests are taken in this many rounds, modes interleaved")
    ->default_str("10 (at most --requests)");
  cmd->add_flag("--reconnect", values.reconnect,
                "A new connection (and client actor system) for every request, like the "
                "seed's client; the default reuses one");
  cmd->add_flag("--compare", values.compare,
                "Plain and TLS side by side, interleaved, with the TLS overhead in % (needs "
                "--local or --tls-connect)");
  cmd->add_option("--tls-connect", values.tls_connect,
                  "With --compare and --connect: the TLS server, HOST:PORT");
  cmd->add_option("--server-cert", values.server_certificate,
                  "With --local and TLS: the local server's certificate (PEM)");
  cmd->add_option("--server-key", values.server_key,
                  "With --local and TLS: the local server's private key (PEM)");
  cmd
    ->add_option("--timeout", values.timeout,
                 "Seconds one request or one connection attempt may take")
    ->default_str(values.timeout);
  cmd->add_option("--name", values.name, "The argument of hello(name)")->default_str("\"\"");
  cmd->add_option("--threads", values.threads, "Client scheduler threads")
    ->default_str("one per core");
  cmd
    ->add_option("--spin-us", values.spin,
                 "Microseconds the client busy-waits for each reply before blocking; 0: "
                 "block at once")
    ->default_str(values.spin);
  cmd
    ->add_option("--spin-cpu", values.spin_cpu,
                 "Run the measuring (spinning) thread on this CPU alone, and the client's CAF "
                 "threads and the --local servers on the other CPUs; auto: the first CPU this "
                 "process may use, when it may use two or more and --spin-us is not 0; off: "
                 "not pinned")
    ->default_str(values.spin_cpu);
  cmd
    ->add_option("--hello-on", values.hello_on,
                 "With --local: where the servers run the hello actor, scheduler or multiplexer "
                 "(see serve --hello-on)")
    ->default_str("scheduler");
  cmd
    ->add_option("--format", values.format,
                 "Output: table, json (every latency included) or csv (a row per request)")
    ->default_str(values.format);
  cmd->add_option("--output", values.output, "Write the output to FILE instead of standard output");
  add_tls_options(*cmd, values.tls);
  return cmd;
}

result<actors::hello_host> parse_hello_host(const std::string& text) {
  if (text == "scheduler")
    return actors::hello_host::scheduler;
  if (text == "multiplexer")
    return actors::hello_host::multiplexer;
  return bad_input("invalid --hello-on '" + text + "': expected scheduler or multiplexer");
}

result<serve_options> validate_serve(const serve_cli_values& raw) {
  serve_options out;
  auto port = parse_port("--port", raw.port);
  if (!port)
    return port.err();
  out.port = *port;
  out.bind = raw.bind;
  auto duration = parse_count("--duration", raw.duration, 0, 30 * 86'400);
  if (!duration)
    return duration.err();
  out.duration = std::chrono::seconds{*duration};
  auto threads = parse_count("--threads", raw.threads, 0, 1024);
  if (!threads)
    return threads.err();
  out.threads = *threads;
  auto host = parse_hello_host(raw.hello_on);
  if (!host)
    return host.err();
  out.hello_on = *host;
  auto limits = parse_server_limits(raw.limits);
  if (!limits)
    return limits.err();
  out.limits = *limits;
  auto tls = validate_tls(raw.tls);
  if (!tls)
    return tls.err();
  out.tls = std::move(*tls);
  return out;
}

result<rpc_options> validate_rpc(const rpc_cli_values& raw) {
  rpc_options out;
  out.local = raw.local;
  out.compare = raw.compare;
  out.reconnect = raw.reconnect;
  out.name = raw.name;
  if (raw.local == !raw.connect.empty())
    return bad_input("rpc needs exactly one of --connect HOST:PORT or --local");
  if (!raw.connect.empty()) {
    auto target = parse_endpoint("--connect", raw.connect);
    if (!target)
      return target.err();
    out.target = *target;
  }
  if (!raw.tls_connect.empty()) {
    if (!raw.compare || raw.local)
      return bad_input("--tls-connect is for --compare with --connect");
    auto target = parse_endpoint("--tls-connect", raw.tls_connect);
    if (!target)
      return target.err();
    out.tls_target = *target;
  } else if (raw.compare && !raw.local) {
    return bad_input("--compare with --connect needs --tls-connect HOST:PORT (the TLS server)");
  }
  if (raw.compare && !raw.tls.tls)
    return bad_input("--compare needs --tls with --cert, --key and --ca for its TLS side");
  auto tls = validate_tls(raw.tls);
  if (!tls)
    return tls.err();
  out.tls = std::move(*tls);
  bool server_files = !raw.server_certificate.empty() || !raw.server_key.empty();
  if (server_files && !(raw.local && out.tls))
    return bad_input("--server-cert and --server-key are for --local with --tls");
  if (raw.local && out.tls) {
    if (raw.server_certificate.empty() || raw.server_key.empty())
      return bad_input(
        "--local with --tls needs --server-cert and --server-key for the local "
        "server (it trusts the same --ca)");
    actors::tls_settings server{raw.server_certificate, raw.server_key, out.tls->ca};
    if (auto ok = actors::check(server); !ok)
      return bad_input("--server-cert/--server-key: " + ok.err().detail);
    out.server_certificate = raw.server_certificate;
    out.server_key = raw.server_key;
  }
  auto requests = parse_count("--requests", raw.requests, 1, 100'000'000);
  if (!requests)
    return requests.err();
  out.requests = *requests;
  auto warmup = parse_count("--warmup", raw.warmup, 0, 100'000'000);
  if (!warmup)
    return warmup.err();
  out.warmup = *warmup;
  auto rounds = raw.rounds.empty() ? std::min<std::size_t>(10, out.requests)
                                   : parse_count("--rounds", raw.rounds, 1, out.requests);
  if (!rounds)
    return rounds.err();
  out.rounds = *rounds;
  auto timeout = parse_count("--timeout", raw.timeout, 1, 3600);
  if (!timeout)
    return timeout.err();
  out.timeout = std::chrono::seconds{*timeout};
  auto threads = parse_count("--threads", raw.threads, 0, 1024);
  if (!threads)
    return threads.err();
  out.threads = *threads;
  auto spin = parse_count("--spin-us", raw.spin, 0, 1'000'000);
  if (!spin)
    return spin.err();
  out.spin = std::chrono::microseconds{*spin};
  auto placement = place_spinner(raw.spin_cpu, static_cast<long long>(out.spin.count()));
  if (!placement)
    return placement.err();
  out.spin_cpu = placement->cpu;
  out.other_cpus = std::move(placement->others);
  auto format = parse_format(raw.format);
  if (!format)
    return format.err();
  if (*format == output_format::markdown)
    return bad_input("invalid --format 'markdown' for rpc: expected table, json or csv");
  out.format = *format;
  if (!raw.output.empty()) {
    auto ok = check_output_path("--output", raw.output);
    if (!ok)
      return ok.err();
    out.output_path = raw.output;
  }
  if (!raw.hello_on.empty()) {
    if (!raw.local)
      return bad_input(
        "--hello-on is for --local (a server started by hand takes serve --hello-on)");
    auto host = parse_hello_host(raw.hello_on);
    if (!host)
      return host.err();
    out.hello_on = *host;
  }
  return out;
}

} // namespace actorbench::bench
