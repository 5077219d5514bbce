#include "bench/servers/node_command.hpp"

#include <csignal>
#include <ostream>

#include "actors/remote/endpoint_name.hpp"
#include "actors/remote/remote_node.hpp"
#include "bench/scenarios/shared/endpoint.hpp"
#include "bench/harness/interrupt.hpp"
#include "bench/harness/memory_budget.hpp"
#include "bench/servers/server_output.hpp"
#include "bench/servers/server_params.hpp"
#include "bench/servers/server_watch.hpp"
#include "bench/harness/node_service.hpp"

namespace actorbench::bench {

namespace {

constexpr const char* node_prefix = "actorbench node: ";

declaration node_declaration() {
  declaration d{"node",
                "Run a worker node: serve shares of fan-outs and pingpong's pongs started "
                "elsewhere with --nodes, until SIGINT or SIGTERM"};
  d.text("listen").help(
    "TCP port to listen on, 0 to 65535 (required); 0 picks a free one (the bound port is "
    "printed)");
  d.text("max-memory")
    .help(
      "Refuse a share whose senders, with the shares running already, need more memory than this "
      "(512M, 4G; K, M, G, T are powers of 1024; estimated as the driver does; default the "
      "available memory at start); shares are also refused beyond 100000000 senders");
  declare_server_params(d);
  return d;
}

struct node_settings {
  endpoint listen;
  server_params server;
  node_limits limits;
};

result<node_settings> read_node(const configuration& c) {
  auto listen = c.text_or("listen");
  if (listen.empty())
    return bad_input("node needs --listen PORT (0 picks a free one)");
  auto port = parse_port("--listen", listen);
  if (!port)
    return port.err();
  auto server = read_server_params(c);
  if (!server)
    return server.err();
  auto budget = parse_memory_budget(c.text_or("max-memory"));
  if (!budget)
    return budget.err();
  node_limits limits;
  limits.memory_bytes = budget->bytes;
  return node_settings{{server->bind, *port}, std::move(*server), limits};
}

const char* signal_name(int sig) {
  return sig == SIGTERM ? "SIGTERM" : sig == SIGINT ? "SIGINT" : "a signal";
}

int run_node(const node_settings& s, const registry& r, std::ostream& out, std::ostream& err) {
  catch_interrupts();
  auto settings = remote_settings_of(s.server);
  settings.add_message_types = message_types_of(r);
  auto rt = actors::remote_runtime::create(settings);
  if (!rt)
    return server_failure(err, runtime_failure(rt.err()));
  if (s.server.tls && !s.server.quiet)
    warn_about_server_certificate(node_prefix, *s.server.tls, err);
  auto served = actors::serve_node(**rt, s.listen.host, s.listen.port, std::chrono::seconds{10},
                                   node_service_of(r, s.limits));
  if (!served)
    return server_failure(err, runtime_failure(served.err()));
  auto line = "actorbench node listening on " + actors::endpoint_name(s.listen.host, served->port())
              + ((*rt)->uses_tls() ? " (TLS)" : "");
  if (auto ok = announce(out, line); !ok)
    return server_failure(err, ok.err());
  watch_until_stopped({node_prefix, &err, s.server.quiet, std::chrono::milliseconds{100}, {}});
  // Whatever the shares are doing: spawning stops within a chunk, and the
  // senders alive finish at once, so the actor system's shutdown (which
  // waits for every actor) is prompt.
  err << node_prefix << "stopping on " << signal_name(interrupt_signal())
      << "; shares still running are cancelled" << std::endl;
  served->stop();
  return 0;
}

} // namespace

command_decl make_node_command(const registry& r) {
  command_decl c;
  c.params = node_declaration();
  c.run = [&r](const configuration& config, std::ostream& out, std::ostream& err) {
    auto settings = read_node(config);
    if (!settings)
      return server_failure(err, settings.err());
    return run_node(*settings, r, out, err);
  };
  return c;
}

} // namespace actorbench::bench
