#pragma once

namespace actorbench::actors::tls_error_queue {

/// OpenSSL reports why a call failed on a queue per thread, and SSL_get_error
/// looks at that queue first: whatever error is queued when an SSL_read or
/// SSL_write merely has to wait for the socket turns its "want read" into
/// SSL_ERROR_SSL. OpenSSL's documentation therefore asks for an empty queue
/// before every TLS I/O call. CAF 0.17.6's openssl session never empties it
/// (only its log, compiled out in Debian's build, would) and runs every
/// connection on the one middleman thread: a connection that fails (a plain
/// TCP probe, a half handshake, a client that closes without close_notify,
/// which CAF's own clients always do) leaves its error queued, and the next
/// healthy connection whose read has to wait is closed as failed.
///
/// Once enabled, the executable's wrappers of SSL_read, SSL_write,
/// SSL_connect and SSL_accept empty the calling thread's queue before
/// libcaf_openssl's calls; every other caller gets OpenSSL unchanged. The
/// errors of a failing call stay queued until that thread's next call, so
/// tls_monitor's callbacks, which read them during the failing call, still
/// see them. Like tls_monitor's SSL_new, the wrappers are in
/// actorbench_caf_interpose, which the executable links and exports
/// (actors/CMakeLists.txt).
///
/// Returns false, changing nothing, when libcaf_openssl is not loaded or the
/// program does not link the wrappers.
/// Idempotent; there is no disable. (The wrappers act as soon as any of
/// the TLS wrappers has located libcaf_openssl: emptying the queue first is
/// right for every one of its calls.)
bool enable();

} // namespace actorbench::actors::tls_error_queue
