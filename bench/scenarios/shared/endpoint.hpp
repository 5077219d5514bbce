#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/error.hpp"

namespace actorbench::bench {

/// A host and TCP port, as in HOST:PORT.
struct endpoint {
  std::string host;
  std::uint16_t port = 0;
};

/// HOST:PORT as printed everywhere ([IPv6]:PORT): what parse_endpoint reads back.
std::string to_string(const endpoint& e);

/// Parses HOST:PORT ([IPv6]:PORT for IPv6 addresses), port 1..65535.
/// `option` names the option in the one-line error; an IPv6 address
/// without brackets is refused as ambiguous.
result<endpoint> parse_endpoint(const std::string& option, const std::string& text);

/// Parses HOST:PORT,HOST:PORT,... (each as parse_endpoint, none twice).
result<std::vector<endpoint>> parse_endpoint_list(const std::string& option,
                                                  const std::string& text);

/// Parses a port 0..65535 (0: any free port).
result<std::uint16_t> parse_port(const std::string& option, const std::string& text);

} // namespace actorbench::bench
