#include "bench/servers/server_params.hpp"

#include "bench/scenarios/shared/tls_options.hpp"

namespace actorbench::bench {

void declare_server_params(declaration& d) {
  d.text("bind")
    .def("127.0.0.1")
    .help(
      "Address to listen on; 0.0.0.0 or :: for every interface (plain TCP is "
      "unauthenticated: expose it only on a network you trust)");
  d.integer("threads")
    .range(0, 1024)
    .def("0")
    .def_help("one per core")
    .fixed()
    .unit("threads")
    .help("Scheduler threads; 0: one per core");
  // Parsed by parse_server_limits, which words their errors as always.
  d.text("max-payload")
    .def_help("1M")
    .group("limits")
    .help(
      "Largest message a peer may announce (1K to 4095M); a larger announcement drops its "
      "connection before any memory is set aside for it");
  d.text("handshake-timeout")
    .def_help("10")
    .group("limits")
    .help(
      "With --tls: close a connection whose TLS handshake has not completed within S seconds "
      "(0.1 to 3600), so silent connections cannot pile up");
  declare_tls_params(d, tls_param_texts{});
  d.flag("quiet").def("off").fixed().help(
    "No warnings and no lines about refused clients or limits on stderr (errors still are)");
}

result<server_params> read_server_params(const configuration& c) {
  server_params out;
  out.bind = c.text_or("bind");
  out.threads = static_cast<std::size_t>(c.integer("threads"));
  out.quiet = c.flag("quiet");
  auto limits = parse_server_limits({c.text_or("max-payload"), c.text_or("handshake-timeout")});
  if (!limits)
    return limits.err();
  out.limits = *limits;
  auto tls = validate_tls(tls_values_of(c));
  if (!tls)
    return tls.err();
  out.tls = std::move(*tls);
  return out;
}

actors::remote_settings remote_settings_of(const server_params& p) {
  actors::remote_settings settings;
  settings.scheduler.threads = p.threads;
  settings.tls = p.tls;
  settings.max_payload = p.limits.max_payload;
  settings.handshake_timeout = p.limits.handshake_timeout;
  return settings;
}

} // namespace actorbench::bench
