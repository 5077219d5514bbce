#pragma once

#include <sys/epoll.h>

#include <atomic>

// What the epoll_ctl wrapper (epoll_ctl.cpp, in actorbench_caf_interpose) and
// tls_write_interest share. Not installed.
namespace actorbench::actors::tls_write_interest::detail {

/// Set before main by the wrapper's object: enable() needs it.
extern std::atomic<bool> linked;

/// The C library's epoll_ctl.
using epoll_ctl_fn = int (*)(int, int, int, epoll_event*);
epoll_ctl_fn next_epoll_ctl();

/// Whether any socket's handshake is tracked: the wrapper's quick way out.
bool tracking() noexcept;

/// libcaf_io's epoll_ctl call, with EPOLLOUT withheld while the socket's
/// handshake waits to read.
int filter(int epfd, int op, int fd, epoll_event* event);

} // namespace actorbench::actors::tls_write_interest::detail
