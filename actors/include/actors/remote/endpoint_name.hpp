#pragma once

#include <cstdint>
#include <string>

namespace actorbench::actors {

/// "HOST:PORT", with an IPv6 host in brackets ("[::1]:4242"): the one form
/// printed for an address and port, and the one every HOST:PORT option
/// accepts back.
std::string endpoint_name(const std::string& host, std::uint16_t port);

} // namespace actorbench::actors
