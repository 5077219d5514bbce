#pragma once

#include <atomic>

// What the SSL_pending wrapper (ssl_pending.cpp, in actorbench_caf_interpose)
// and tls_read_ahead share. Not installed.
namespace actorbench::actors::tls_read_ahead::detail {

/// Set before main by the wrapper's object: read-ahead is safe only with it.
extern std::atomic<bool> linked;

} // namespace actorbench::actors::tls_read_ahead::detail
