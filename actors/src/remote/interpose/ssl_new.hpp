#pragma once

#include <atomic>

#include <openssl/ssl.h>

// What the SSL_new wrapper (ssl_new.cpp, in actorbench_caf_interpose) and
// tls_monitor share. Not installed.
namespace actorbench::actors::tls_monitor::detail {

/// Called by the wrapper for each session libcaf_openssl creates: attaches
/// the monitor's callbacks and tls_read_ahead's setting, and marks the
/// monitor active.
void watch(SSL* ssl);

/// Set before main by the wrapper's object: install() reports it.
extern std::atomic<bool> linked;

} // namespace actorbench::actors::tls_monitor::detail
