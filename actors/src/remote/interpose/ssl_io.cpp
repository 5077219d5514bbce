// The SSL_read, SSL_write, SSL_connect and SSL_accept wrappers; see
// tls_error_queue.hpp. libcaf_openssl calls SSL_connect, SSL_accept and
// SSL_write through its PLT and passes SSL_read as a function pointer taken
// from its GOT, so the dynamic linker binds all four here (the executable
// exports them: actors/CMakeLists.txt, actorbench_caf_interpose). noinline
// keeps the return address that of the caller.

#include <dlfcn.h>

#include <openssl/err.h>
#include <openssl/ssl.h>

#include "remote/interpose/caf_openssl_code.hpp"
#include "remote/interpose/ssl_io.hpp"
#include "remote/tls_write_interest.hpp"

namespace {

[[maybe_unused]] const bool linked =
  (actorbench::actors::tls_error_queue::detail::linked.store(true), true);

template <class F>
F real(const char* name) {
  return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

// Empties this thread's error queue when libcaf_openssl is the caller.
void clear_for(const void* caller) {
  if (actorbench::actors::caf_openssl_code::contains(caller) && ERR_peek_error() != 0)
    ERR_clear_error();
}

// The handshake steps also tell tls_write_interest whether their socket's
// write events are of any use.
int handshake_step(int (*next)(SSL*), SSL* ssl, const void* caller) {
  clear_for(caller);
  int result = next != nullptr ? next(ssl) : -1;
  if (actorbench::actors::caf_openssl_code::contains(caller))
    actorbench::actors::tls_write_interest::after_handshake_step(ssl, result);
  return result;
}

} // namespace

extern "C" __attribute__((noinline)) int SSL_read(SSL* ssl, void* buf, int num) {
  static const auto next = real<int (*)(SSL*, void*, int)>("SSL_read");
  clear_for(__builtin_return_address(0));
  return next != nullptr ? next(ssl, buf, num) : -1;
}

extern "C" __attribute__((noinline)) int SSL_write(SSL* ssl, const void* buf, int num) {
  static const auto next = real<int (*)(SSL*, const void*, int)>("SSL_write");
  clear_for(__builtin_return_address(0));
  return next != nullptr ? next(ssl, buf, num) : -1;
}

extern "C" __attribute__((noinline)) int SSL_connect(SSL* ssl) {
  static const auto next = real<int (*)(SSL*)>("SSL_connect");
  return handshake_step(next, ssl, __builtin_return_address(0));
}

extern "C" __attribute__((noinline)) int SSL_accept(SSL* ssl) {
  static const auto next = real<int (*)(SSL*)>("SSL_accept");
  return handshake_step(next, ssl, __builtin_return_address(0));
}
