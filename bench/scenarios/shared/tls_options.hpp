#pragma once

#include <optional>
#include <string>

#include "actors/remote/tls_settings.hpp"
#include "bench/error.hpp"

namespace CLI {
class App;
}

namespace actorbench::bench {

/// The --tls, --cert, --key, --ca options as typed.
struct tls_cli_values {
  bool tls = false;
  std::string certificate;
  std::string key;
  std::string ca;
};

/// Adds --tls, --cert, --key and --ca to a (sub)command.
void add_tls_options(CLI::App& app, tls_cli_values& values);

/// Nothing for plain connections; with --tls, the three files, each checked
/// (actors::check). --tls without all three, or a file option without --tls,
/// is bad input: TLS never falls back to CAF's unauthenticated anonymous mode.
result<std::optional<actors::tls_settings>> validate_tls(const tls_cli_values& values);

} // namespace actorbench::bench
