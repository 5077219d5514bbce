#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "bench/error.hpp"

namespace actorbench::bench {

/// Adds --max-payload (see actors/remote/basp_payload_limit.hpp) to a command that
/// listens for BASP connections (serve, node); `value` keeps the text.
void add_max_payload_option(CLI::App& cmd, std::string& value);

/// Parses --max-payload: 1K to 4095M (BASP sizes are 32-bit).
result<std::uint32_t> parse_max_payload(const std::string& text);

} // namespace actorbench::bench
