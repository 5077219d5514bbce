#pragma once

#include <cstddef>

namespace actorbench::actors::sigpipe_elision {

/// CAF 0.17.6's openssl session (libcaf_openssl, session.cpp) blocks SIGPIPE
/// around every OpenSSL call on Linux, unconditionally: pthread_sigmask to
/// block, then sigtimedwait to drop a pending SIGPIPE and pthread_sigmask to
/// restore, three system calls per read or write, twelve per request and
/// side on a kept TLS connection. Ignoring SIGPIPE process-wide does not make
/// CAF skip them.
///
/// Once SIGPIPE is ignored, though, they change nothing: an ignored signal
/// that is not blocked is discarded when raised, so there is never one to
/// drop. enable() ignores SIGPIPE for the whole process (what network
/// servers usually do; CAF's plain transport already sends with
/// MSG_NOSIGNAL) and from then on the executable's wrappers of
/// pthread_sigmask and sigtimedwait answer exactly those calls *from
/// libcaf_openssl* without entering the kernel. Calls from anywhere else,
/// and any other call from libcaf_openssl, go to the C library unchanged.
/// Like tls_monitor's SSL_new, the wrappers are in actorbench_caf_interpose,
/// which the executable links and exports (actors/CMakeLists.txt).
///
/// Returns false, changing nothing, when libcaf_openssl is not loaded or the
/// program does not link the wrappers.
/// Idempotent; there is no disable (SIGPIPE stays ignored).
bool enable();

/// True once enable() succeeded.
bool enabled();

/// System calls of libcaf_openssl answered without the kernel so far.
std::size_t elided_calls();

} // namespace actorbench::actors::sigpipe_elision
