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
  }
  return "unknown";
}

} // namespace actorbench::actors
