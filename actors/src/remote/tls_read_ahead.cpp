#include "remote/tls_read_ahead.hpp"

#include <atomic>

#include "remote/interpose/caf_openssl_code.hpp"
#include "remote/interpose/ssl_pending.hpp"

namespace actorbench::actors::tls_read_ahead {

namespace {

std::atomic<bool> on{false};
std::atomic<std::size_t> configured{0};

} // namespace

std::atomic<bool> detail::linked{false};

bool enable() {
  if (detail::linked.load() && caf_openssl_code::locate())
    on.store(true);
  return on.load();
}

bool enabled() {
  return on.load();
}

std::size_t sessions() {
  return configured.load();
}

void configure(SSL* ssl) {
  if (!on.load())
    return;
  SSL_set_read_ahead(ssl, 1);
  ++configured;
}

} // namespace actorbench::actors::tls_read_ahead
