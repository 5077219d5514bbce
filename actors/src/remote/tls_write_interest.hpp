#pragma once

#include <openssl/ssl.h>

namespace actorbench::actors::tls_write_interest {

/// CAF 0.17.6 spins while a TLS handshake waits for the peer. Its BASP
/// server queues its greeting as soon as a connection is accepted, so the
/// stream asks epoll for write events; each write event calls the openssl
/// session's write_some, which, while the handshake is under way, calls
/// SSL_accept (SSL_connect on a client) instead of writing. That step wants
/// to read (no ClientHello yet), CAF reports "success, 0 bytes" and keeps its
/// write interest, and the socket, always writable, wakes the level-triggered
/// epoll again at once: one connection that never speaks keeps the
/// multiplexer thread busy for as long as it stays open, and every
/// handshake's round trips cost a busy wait too.
///
/// Once enabled, the executable's wrapper of epoll_ctl remembers what
/// libcaf_io asked for each socket whose handshake is under way, and while
/// the last handshake step on that socket wants to read, it leaves EPOLLOUT
/// out of the mask it passes to the kernel (only when EPOLLIN is asked too,
/// so the read that moves the handshake on still wakes the multiplexer).
/// When a step no longer wants to read (done, wants to write, or failed),
/// the wrapper restores the asked mask: CAF's queued bytes are written
/// then, none is lost. Other callers of epoll_ctl, and plain TCP, get the
/// C library unchanged. Like tls_error_queue's wrappers, the wrapper is in
/// actorbench_caf_interpose, which the executable links and exports
/// (actors/CMakeLists.txt).
///
/// Returns false, changing nothing, when libcaf_io or libcaf_openssl is not
/// loaded or the program does not link the wrapper. Idempotent; there is no disable.
bool enable();

/// Called by tls_error_queue's SSL_accept and SSL_connect wrappers
/// (interpose/ssl_io.cpp) after libcaf_openssl's call returned `result` (on
/// the thread that owns `ssl`).
void after_handshake_step(SSL* ssl, int result);

} // namespace actorbench::actors::tls_write_interest
