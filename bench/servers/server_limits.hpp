#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "actors/remote/basp_payload_limit.hpp"
#include "actors/remote/tls_monitor.hpp"
#include "bench/error.hpp"

namespace actorbench::bench {

/// The limits a listening server (serve, node) takes from its command line;
/// the README's "Limits" table says what each protects.
struct server_limits {
  /// --max-payload: the largest BASP payload a peer may announce
  /// (actors/remote/basp_payload_limit.hpp).
  std::uint32_t max_payload = actors::basp_payload_limit::default_limit;
  /// --handshake-timeout: how long a TLS handshake may take
  /// (actors/remote/tls_monitor.hpp).
  std::chrono::milliseconds handshake_timeout = actors::tls_monitor::default_handshake_timeout;
};

/// The options' text as typed; empty: the default.
struct server_limits_text {
  std::string max_payload;
  std::string handshake_timeout;
};

/// Parses them: --max-payload 1K to 4095M (BASP sizes are 32-bit),
/// --handshake-timeout seconds from 0.1 to 3600 (fractions allowed).
result<server_limits> parse_server_limits(const server_limits_text& text);

} // namespace actorbench::bench
