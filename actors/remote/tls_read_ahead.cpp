#include "actors/remote/tls_read_ahead.hpp"

#include <dlfcn.h>

#include <atomic>
#include <climits>

#include "actors/remote/interpose/caf_openssl_code.hpp"

namespace actorbench::actors::tls_read_ahead {

namespace {

std::atomic<bool> on{false};
std::atomic<std::size_t> configured{0};

} // namespace

bool enable() {
  if (caf_openssl_code::locate())
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

// The wrapper; see tls_read_ahead.hpp. CAF's only call is its stream's
// must_read_more: `SSL_pending(ssl) >= bytes still wanted`.
extern "C" __attribute__((noinline)) int SSL_pending(const SSL* ssl) {
  using namespace actorbench::actors;
  using fn = int (*)(const SSL*);
  static const auto next = reinterpret_cast<fn>(dlsym(RTLD_NEXT, "SSL_pending"));
  if (tls_read_ahead::enabled() && caf_openssl_code::contains(__builtin_return_address(0)))
    return SSL_has_pending(ssl) == 1 ? INT_MAX : 0;
  return next != nullptr ? next(ssl) : 0;
}
