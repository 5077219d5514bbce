// The SSL_new wrapper; see tls_monitor.hpp. CAF's openssl module calls
// SSL_new once per connection with the context it configured; the executable
// exports this symbol (actors/CMakeLists.txt, actorbench_caf_interpose), so
// the dynamic linker binds CAF's call here. noinline keeps the return address
// that of the caller.

#include <dlfcn.h>

#include <openssl/ssl.h>

#include "remote/interpose/caf_openssl_code.hpp"
#include "remote/interpose/ssl_new.hpp"

namespace {

[[maybe_unused]] const bool linked =
  (actorbench::actors::tls_monitor::detail::linked.store(true), true);

} // namespace

extern "C" __attribute__((noinline)) SSL* SSL_new(SSL_CTX* ctx) {
  using namespace actorbench::actors;
  using ssl_new_fn = SSL* (*)(SSL_CTX*);
  static const auto real = reinterpret_cast<ssl_new_fn>(dlsym(RTLD_NEXT, "SSL_new"));
  if (real == nullptr)
    return nullptr;
  // Only libcaf_openssl's sessions are watched and held to verification;
  // every other caller, an embedder's own TLS code say, gets OpenSSL's SSL_new.
  if (!caf_openssl_code::locate() || !caf_openssl_code::contains(__builtin_return_address(0)))
    return real(ctx);
  // Without peer verification the context is CAF's anonymous-cipher mode:
  // refuse it, whatever the configuration says.
  if ((SSL_CTX_get_verify_mode(ctx) & SSL_VERIFY_PEER) == 0)
    return nullptr;
  SSL* ssl = real(ctx);
  if (ssl == nullptr)
    return nullptr;
  tls_monitor::detail::watch(ssl);
  return ssl;
}
