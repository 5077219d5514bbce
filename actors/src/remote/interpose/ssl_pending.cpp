// The SSL_pending wrapper; see tls_read_ahead.hpp. CAF's only call is its
// stream's must_read_more: `SSL_pending(ssl) >= bytes still wanted`. The
// executable exports it (actors/CMakeLists.txt, actorbench_caf_interpose);
// noinline keeps the return address that of the caller.

#include <dlfcn.h>

#include <openssl/ssl.h>

#include <climits>

#include "remote/interpose/caf_openssl_code.hpp"
#include "remote/interpose/ssl_pending.hpp"
#include "remote/tls_read_ahead.hpp"

namespace {

[[maybe_unused]] const bool linked =
  (actorbench::actors::tls_read_ahead::detail::linked.store(true), true);

} // namespace

extern "C" __attribute__((noinline)) int SSL_pending(const SSL* ssl) {
  using namespace actorbench::actors;
  using fn = int (*)(const SSL*);
  static const auto next = reinterpret_cast<fn>(dlsym(RTLD_NEXT, "SSL_pending"));
  if (tls_read_ahead::enabled() && caf_openssl_code::contains(__builtin_return_address(0)))
    return SSL_has_pending(ssl) == 1 ? INT_MAX : 0;
  return next != nullptr ? next(ssl) : 0;
}
