#include "remote/tls_error_queue.hpp"

#include "remote/interpose/caf_openssl_code.hpp"
#include "remote/interpose/ssl_io.hpp"

namespace actorbench::actors::tls_error_queue {

std::atomic<bool> detail::linked{false};

bool enable() {
  return detail::linked.load() && caf_openssl_code::locate();
}

} // namespace actorbench::actors::tls_error_queue
