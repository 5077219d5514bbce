#pragma once

#include <cstddef>

#include <openssl/ssl.h>

namespace actorbench::actors::tls_read_ahead {

/// CAF 0.17.6's openssl session has OpenSSL read each TLS record with two
/// read() calls, its 5-byte header and then its body. With OpenSSL's
/// read-ahead one read() takes whatever the socket holds.
///
/// Read-ahead alone could stall a connection: CAF's stream reads at most
/// "middleman.max-consecutive-reads" (50) times per socket event and then
/// goes on only while SSL_pending says decrypted bytes are waiting; records
/// that OpenSSL read ahead but has not decrypted yet are not counted, and no
/// socket event would come for them. So, once enabled, the executable's
/// SSL_pending wrapper answers libcaf_openssl's calls with "more" whenever
/// OpenSSL holds any bytes of the connection (SSL_has_pending); every other
/// caller gets OpenSSL's answer. Like tls_monitor's SSL_new, the wrapper is
/// in actorbench_caf_interpose, which the executable links and exports
/// (actors/CMakeLists.txt).
///
/// Returns false, changing nothing, when libcaf_openssl is not loaded or the
/// program does not link the wrapper.
/// Applies to sessions CAF creates afterwards; idempotent, no disable.
bool enable();

/// True once enable() succeeded.
bool enabled();

/// Sessions that got read-ahead so far.
std::size_t sessions();

/// Called by tls_monitor's SSL_new wrapper (every session CAF creates
/// passes there): turns read-ahead on for `ssl` when enabled.
void configure(SSL* ssl);

} // namespace actorbench::actors::tls_read_ahead
