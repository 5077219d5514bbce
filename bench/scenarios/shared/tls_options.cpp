#include "bench/scenarios/shared/tls_options.hpp"

namespace actorbench::bench {

void declare_tls_flag(declaration& d, const tls_param_texts& texts) {
  d.flag("tls").def("off").fixed().group(texts.group).help(texts.flag_help);
}

void declare_tls_files(declaration& d, const tls_param_texts& texts) {
  auto file = [&](const char* name, const std::string& help) {
    d.text(name).group(texts.group).unit(texts.file_unit).help(help);
  };
  file("cert", texts.cert_help);
  file("key", "This endpoint's private key (PEM, unencrypted; never printed)");
  file("ca", "CA certificate(s) the peer's certificate must chain to (PEM)");
}

void declare_tls_params(declaration& d, const tls_param_texts& texts) {
  declare_tls_flag(d, texts);
  declare_tls_files(d, texts);
}

tls_values tls_values_of(const configuration& c) {
  return {c.is_on("tls"), c.text_or("cert"), c.text_or("key"), c.text_or("ca")};
}

result<std::optional<actors::tls_settings>> validate_tls(const tls_values& values) {
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
    return bad_input(ok.err());
  return std::optional<actors::tls_settings>{std::move(tls)};
}

} // namespace actorbench::bench
