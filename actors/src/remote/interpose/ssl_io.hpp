#pragma once

#include <atomic>

// What the SSL_read, SSL_write, SSL_connect and SSL_accept wrappers
// (ssl_io.cpp, in actorbench_caf_interpose) and tls_error_queue share. Not
// installed.
namespace actorbench::actors::tls_error_queue::detail {

/// Set before main by the wrappers' object: enable() needs them.
extern std::atomic<bool> linked;

} // namespace actorbench::actors::tls_error_queue::detail
