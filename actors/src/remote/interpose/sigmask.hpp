#pragma once

#include <atomic>
#include <cstddef>

// What the pthread_sigmask and sigtimedwait wrappers (sigmask.cpp, in
// actorbench_caf_interpose) and sigpipe_elision share. Not installed.
namespace actorbench::actors::sigpipe_elision::detail {

/// Set before main by the wrappers' object: enable() needs them.
extern std::atomic<bool> linked;

/// True once enable() succeeded.
extern std::atomic<bool> on;

/// System calls answered without the kernel so far.
extern std::atomic<std::size_t> elided;

} // namespace actorbench::actors::sigpipe_elision::detail
