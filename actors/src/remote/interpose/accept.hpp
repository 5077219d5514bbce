#pragma once

#include <sys/socket.h>

#include <atomic>

// What the accept wrapper (accept.cpp, in actorbench_caf_interpose) and
// fd_reserve share. Not installed.
namespace actorbench::actors::fd_reserve::detail {

/// Set before main by the wrapper's object: enable() needs it.
extern std::atomic<bool> linked;

/// The C library's accept.
using accept_fn = int (*)(int, sockaddr*, socklen_t*);

/// What libcaf_io's accept on listening socket `fd` returns (and leaves in
/// errno), given `result` and `why` (errno) of the C library's accept,
/// `next`, when the reserve is enabled.
int filter(int fd, int result, int why, accept_fn next);

} // namespace actorbench::actors::fd_reserve::detail
