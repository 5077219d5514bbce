#pragma once

namespace actorbench::actors::caf_openssl_code {

/// The executable's wrappers of C library and OpenSSL functions
/// (sigpipe_elision, tls_read_ahead) change only the calls CAF's openssl
/// module makes: they tell them apart by the caller's return address
/// (libcaf_openssl's library_code_ranges).
///
/// Finds libcaf_openssl's code in this process, once; false when it is not
/// loaded. Thread-safe.
bool locate();

/// Whether `address` lies in libcaf_openssl's code; false before locate().
bool contains(const void* address) noexcept;

} // namespace actorbench::actors::caf_openssl_code
