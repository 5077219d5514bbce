#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "actors/remote/remote_runtime.hpp"
#include "actors/remote/tls_settings.hpp"
#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"
#include "bench/harness/declaration.hpp"
#include "bench/servers/server_limits.hpp"

namespace actorbench::bench {

/// What the server commands (serve, node) share of their command line:
/// --bind, --threads, --max-payload, --handshake-timeout, --tls with its
/// files, --quiet; checked.
struct server_params {
  std::string bind = "127.0.0.1";
  /// 0: one per core.
  std::size_t threads = 0;
  server_limits limits;
  /// Unset: plain TCP.
  std::optional<actors::tls_settings> tls;
  /// No warnings and no lines about refused clients or limits on stderr.
  bool quiet = false;
};

/// Declares those parameters, one value each, with the command's names,
/// defaults and help.
void declare_server_params(declaration& d);

/// Reads them from the command's one configuration; bad input worded as
/// the server commands always have ("--tls needs --cert ...").
result<server_params> read_server_params(const configuration& c);

/// The remote runtime a server with `p` starts.
actors::remote_settings remote_settings_of(const server_params& p);

} // namespace actorbench::bench
