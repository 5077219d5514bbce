#pragma once

#include <chrono>
#include <string>

#include <CLI/CLI.hpp>

#include "bench/error.hpp"

namespace actorbench::bench {

/// Adds --handshake-timeout (see actors/remote/tls_monitor.hpp) to a command that
/// accepts TLS connections (serve, node); `value` keeps the text.
void add_handshake_timeout_option(CLI::App& cmd, std::string& value);

/// Parses --handshake-timeout: seconds, 0.1 to 3600 (fractions allowed);
/// empty: the default, 10 s.
result<std::chrono::milliseconds> parse_handshake_timeout(const std::string& text);

} // namespace actorbench::bench
