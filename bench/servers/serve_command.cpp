#include "bench/servers/serve_command.hpp"

#include <atomic>
#include <memory>
#include <ostream>

#include <caf/send.hpp>

#include "actors/remote/endpoint_name.hpp"
#include "actors/remote/hello.hpp"
#include "actors/remote/tls_monitor.hpp"
#include "bench/scenarios/shared/endpoint.hpp"
#include "bench/harness/interrupt.hpp"
#include "bench/servers/server_output.hpp"
#include "bench/servers/server_params.hpp"
#include "bench/servers/server_watch.hpp"

namespace actorbench::bench {

namespace {

constexpr const char* serve_prefix = "actorbench serve: ";

declaration serve_declaration() {
  declaration d{"serve",
                "Serve the hello actor (the dRuby experiment's object) for actorbench rpc, until "
                "SIGINT or SIGTERM"};
  d.text("port").def("0").help(
    "TCP port, 0 to 65535; 0 picks a free one (the bound port is printed)");
  d.duration("duration")
    .range(0, 30LL * 86'400'000'000'000)
    .def("0")
    .fixed()
    .unit("s")
    .help("Stop after this long; 0: only at a signal");
  d.word("hello-on", {"scheduler", "multiplexer"})
    .def("scheduler")
    .fixed()
    .help(
      "Where the hello actor runs: scheduler (like any user actor) or multiplexer (a broker in "
      "the middleman's thread: no thread hand-off per request)");
  declare_server_params(d);
  return d;
}

struct serve_settings {
  std::uint16_t port = 0;
  server_params server;
  std::chrono::milliseconds duration{0};
  actors::hello_host hello_on = actors::hello_host::scheduler;
};

result<serve_settings> read_serve(const configuration& c) {
  serve_settings out;
  auto port = parse_port("--port", c.text_or("port"));
  if (!port)
    return port.err();
  out.port = *port;
  auto server = read_server_params(c);
  if (!server)
    return server.err();
  out.server = std::move(*server);
  out.duration = std::chrono::milliseconds{static_cast<std::int64_t>(c.seconds("duration") * 1000)};
  out.hello_on = c.word("hello-on") == "multiplexer" ? actors::hello_host::multiplexer
                                                     : actors::hello_host::scheduler;
  return out;
}

std::string listening_line(const serve_settings& s, std::uint16_t port) {
  const auto& tls = s.server.tls;
  return std::string{serve_prefix} + "listening on " + actors::endpoint_name(s.server.bind, port) + " ("
         + (tls ? "TLS, client certificates of CA '" + tls->ca + "' required"
                : std::string{"plain TCP, no TLS"})
         + "; hello actor on the " + std::string{actors::to_string(s.hello_on)} + ")";
}

int serve(const serve_settings& s, std::ostream& out, std::ostream& err) {
  auto rt = actors::remote_runtime::create(remote_settings_of(s.server));
  if (!rt)
    return server_failure(err, bad_input(rt.err()));
  if (s.server.tls && !s.server.quiet)
    warn_about_server_certificate(serve_prefix, *s.server.tls, err);
  auto served = std::make_shared<std::atomic<std::uint64_t>>(0);
  auto hello = actors::spawn_hello((*rt)->system(), s.hello_on, served);
  auto stop_hello = [&] { caf::anon_send_exit(hello, caf::exit_reason::user_shutdown); };
  auto port = (*rt)->publish(hello, s.port, s.server.bind, std::chrono::seconds{10});
  if (!port) {
    stop_hello();
    return server_failure(err, runtime_failure(port.err()));
  }
  catch_interrupts();
  if (auto ok = announce(out, listening_line(s, *port)); !ok) {
    stop_hello();
    return server_failure(err, ok.err());
  }
  auto refused =
    watch_until_stopped({serve_prefix, &err, s.server.quiet, std::chrono::milliseconds{50}, s.duration});
  out << serve_prefix << "stopped; served " << served->load() << " requests";
  if (s.server.tls)
    out << ", " << actors::tls_monitor::handshakes_completed() << " TLS handshakes completed, "
        << refused << " clients refused";
  out << std::endl;
  stop_hello();
  return 0;
}

} // namespace

command_decl make_serve_command() {
  return server_command(serve_declaration(), &read_serve, &serve);
}

} // namespace actorbench::bench
