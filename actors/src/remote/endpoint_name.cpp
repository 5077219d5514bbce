#include "actors/remote/endpoint_name.hpp"

namespace actorbench::actors {

std::string endpoint_name(const std::string& host, std::uint16_t port) {
  auto h = host.find(':') == std::string::npos ? host : "[" + host + "]";
  return h + ":" + std::to_string(port);
}

} // namespace actorbench::actors
