#pragma once

#include <optional>
#include <string>

#include "actors/remote/tls_settings.hpp"
#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"
#include "bench/harness/declaration.hpp"

namespace actorbench::bench {

/// How a command words and groups its --tls, --cert, --key and --ca; the
/// defaults are the server commands'.
struct tls_param_texts {
  /// The --help section they stand in.
  std::string group = "TLS";
  std::string flag_help =
    "TLS with mutual certificate authentication (needs --cert, --key and --ca)";
  std::string cert_help = "This endpoint's certificate (PEM)";
  /// The files' unit: "file" shows FILE in --help, "" shows TEXT.
  std::string file_unit = "file";
};

/// Declares the flag --tls (off, one value per invocation).
void declare_tls_flag(declaration& d, const tls_param_texts& texts);

/// Declares --cert, --key and --ca, in that order.
void declare_tls_files(declaration& d, const tls_param_texts& texts);

/// Declares --tls, then --cert, --key and --ca.
void declare_tls_params(declaration& d, const tls_param_texts& texts);

/// The --tls, --cert, --key, --ca options as typed.
struct tls_values {
  bool tls = false;
  std::string certificate;
  std::string key;
  std::string ca;
};

/// The four as `c` has them; a file without a value is "".
tls_values tls_values_of(const configuration& c);

/// Nothing for plain connections; with --tls, the three files, each checked
/// (actors::check). --tls without all three, or a file option without --tls,
/// is bad input: TLS never falls back to CAF's unauthenticated anonymous mode.
result<std::optional<actors::tls_settings>> validate_tls(const tls_values& values);

} // namespace actorbench::bench
