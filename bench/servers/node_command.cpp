#include "bench/servers/node_command.hpp"

#include <ostream>

#include "actors/remote/endpoint_name.hpp"
#include "actors/remote/remote_node.hpp"
#include "bench/common/endpoint.hpp"
#include "bench/harness/interrupt.hpp"
#include "bench/servers/server_output.hpp"
#include "bench/servers/server_params.hpp"
#include "bench/servers/server_watch.hpp"

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
  declare_server_params(d);
  return d;
}

struct node_settings {
  endpoint listen;
  server_params server;
};

result<node_settings> read_node(const configuration& c) {
  auto listen = text_param(c, "listen");
  if (listen.empty())
    return bad_input("node needs --listen PORT (0 picks a free one)");
  auto port = parse_port("--listen", listen);
  if (!port)
    return port.err();
  auto server = read_server_params(c);
  if (!server)
    return server.err();
  return node_settings{{server->bind, *port}, std::move(*server)};
}

int run_node(const node_settings& s, std::ostream& out, std::ostream& err) {
  catch_interrupts();
  auto rt = actors::remote_runtime::create(remote_settings_of(s.server));
  if (!rt)
    return server_failure(err, runtime_failure(rt.err().detail));
  if (s.server.tls && !s.server.quiet)
    warn_about_server_certificate(node_prefix, *s.server.tls, err);
  auto served = actors::serve_node(**rt, s.listen.host, s.listen.port, std::chrono::seconds{10});
  if (!served)
    return server_failure(err, runtime_failure(served.err().detail));
  auto line = "actorbench node listening on " + actors::endpoint_name(s.listen.host, served->port())
              + ((*rt)->uses_tls() ? " (TLS)" : "");
  if (auto ok = announce(out, line); !ok)
    return server_failure(err, ok.err());
  watch_until_stopped({node_prefix, &err, s.server.quiet, std::chrono::milliseconds{100}, {}});
  return 0;
}

} // namespace

command_decl make_node_command() {
  return server_command(node_declaration(), &read_node, &run_node);
}

} // namespace actorbench::bench
