// The epoll_ctl wrapper; see tls_write_interest.hpp. The executable exports
// it (actors/CMakeLists.txt, actorbench_caf_interpose), so the dynamic linker
// binds libcaf_io's calls here; noinline keeps the return address that of the
// caller.

#include <sys/epoll.h>

#include <cerrno>

#include "remote/interpose/epoll_ctl.hpp"
#include "remote/interpose/library_code_ranges.hpp"

namespace {

[[maybe_unused]] const bool linked =
  (actorbench::actors::tls_write_interest::detail::linked.store(true), true);

} // namespace

extern "C" __attribute__((noinline)) int epoll_ctl(int epfd, int op, int fd, epoll_event* event) {
  using namespace actorbench::actors;
  using namespace actorbench::actors::tls_write_interest;
  auto next = detail::next_epoll_ctl();
  if (next == nullptr) {
    errno = ENOSYS;
    return -1;
  }
  if (!detail::tracking() || !caf_io_code().contains(__builtin_return_address(0)))
    return next(epfd, op, fd, event);
  return detail::filter(epfd, op, fd, event);
}
