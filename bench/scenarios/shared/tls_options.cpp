#include "bench/scenarios/shared/tls_options.hpp"

#include <CLI/CLI.hpp>

namespace actorbench::bench {

void add_tls_options(CLI::App& app, tls_cli_values& values) {
  app.add_flag("--tls", values.tls,
               "TLS with mutual certificate authentication (needs --cert, --key and --ca)");
  app.add_option("--cert", values.certificate, "This endpoint's certificate (PEM)");
  app.add_option("--key", values.key,
                 "This endpoint's private key (PEM, unencrypted; never printed)");
  app.add_option("--ca", values.ca, "CA certificate(s) the peer's certificate must chain to (PEM)");
}

result<std::optional<actors::tls_settings>> validate_tls(const tls_cli_values& values) {
  actors::tls_settings tls{values.certificate, values.key, values.ca};
  if (!values.tls) {
    if (!tls.certificate.empty() || !tls.key.empty() || !tls.ca.empty())
      return bad_input("--cert, --key and --ca need --tls");
    return std::optional<actors::tls_settings>{};
  }
  for (auto [name, file] : {std::pair{"--cert", &tls.certificate}, std::pair{"--key", &tls.key},
                            std::pair{"--ca", &tls.ca}})
    if (file->empty())
      return bad_input(std::string{"--tls needs "} + name
                       + " (with --cert, --key and --ca: TLS is always mutually "
                         "authenticated, never anonymous)");
  auto ok = actors::check(tls);
  if (!ok)
    return bad_input(ok.err().detail);
  return std::optional<actors::tls_settings>{std::move(tls)};
}

} // namespace actorbench::bench
