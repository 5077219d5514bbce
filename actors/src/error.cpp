#include "actors/error.hpp"

namespace actorbench::actors {

std::string_view to_string(errc code) {
  switch (code) {
    case errc::timeout:
      return "timeout";
    case errc::teardown_timeout:
      return "teardown_timeout";
    case errc::crypto_failure:
      return "crypto_failure";
    case errc::bad_parameter:
      return "bad_parameter";
    case errc::network_failure:
      return "network_failure";
    case errc::node_failure:
      return "node_failure";
    case errc::authentication_failed:
      return "authentication_failed";
    case errc::malformed_input:
      return "malformed_input";
    case errc::token_expired:
      return "token_expired";
    case errc::token_reused:
      return "token_reused";
    case errc::limit_reached:
      return "limit_reached";
  }
  return "unknown";
}

} // namespace actorbench::actors
