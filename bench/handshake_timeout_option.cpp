#include "bench/handshake_timeout_option.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "actors/remote/tls_monitor.hpp"

namespace actorbench::bench {

void add_handshake_timeout_option(CLI::App& cmd, std::string& value) {
  cmd.add_option("--handshake-timeout", value,
                 "With --tls: close a connection whose TLS handshake has not completed "
                 "within S seconds (0.1 to 3600), so silent connections cannot pile up")
    ->default_str("10");
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
  if (end == nullptr || *end != '\0' || !std::isfinite(seconds) || seconds < 0.1
      || seconds > 3600)
    return bad_input("invalid --handshake-timeout '" + text
                     + "': expected seconds from 0.1 to 3600");
  return std::chrono::milliseconds{std::llround(seconds * 1000)};
}

} // namespace actorbench::bench
