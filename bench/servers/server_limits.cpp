#include "bench/servers/server_limits.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "bench/harness/byte_size.hpp"

namespace actorbench::bench {

namespace {

result<std::uint32_t> parse_max_payload(const std::string& text) {
  if (text.empty())
    return actors::basp_payload_limit::default_limit;
  auto bytes = parse_byte_size("--max-payload", text, 1024, 4095ull << 20, "1K", "4095M");
  if (!bytes)
    return bytes.err();
  return static_cast<std::uint32_t>(*bytes);
}

result<std::chrono::milliseconds> parse_handshake_timeout(const std::string& text) {
  if (text.empty())
    return actors::tls_monitor::default_handshake_timeout;
  // strtod alone would take "inf", "nan", hex and leading spaces.
  char* end = nullptr;
  double seconds = text.find_first_not_of("0123456789.") == std::string::npos
                       && std::isdigit(static_cast<unsigned char>(text.front()))
                     ? std::strtod(text.c_str(), &end)
                     : -1;
  if (end == nullptr || *end != '\0' || !std::isfinite(seconds) || seconds < 0.1 || seconds > 3600)
    return bad_input("invalid --handshake-timeout '" + text
                     + "': expected seconds from 0.1 to 3600");
  return std::chrono::milliseconds{std::llround(seconds * 1000)};
}

} // namespace

result<server_limits> parse_server_limits(const server_limits_text& text) {
  auto max_payload = parse_max_payload(text.max_payload);
  if (!max_payload)
    return max_payload.err();
  auto handshake_timeout = parse_handshake_timeout(text.handshake_timeout);
  if (!handshake_timeout)
    return handshake_timeout.err();
  return server_limits{*max_payload, *handshake_timeout};
}

} // namespace actorbench::bench
