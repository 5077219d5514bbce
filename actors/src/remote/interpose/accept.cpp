// The accept wrapper; see fd_reserve.hpp. The executable exports it
// (actors/CMakeLists.txt, actorbench_caf_interpose), so the dynamic linker
// binds libcaf_io's call here; noinline keeps the return address that of the
// caller.

#include <dlfcn.h>
#include <sys/socket.h>

#include <cerrno>

#include "actors/remote/fd_reserve.hpp"
#include "remote/interpose/accept.hpp"
#include "remote/interpose/library_code_ranges.hpp"

namespace {

[[maybe_unused]] const bool linked =
  (actorbench::actors::fd_reserve::detail::linked.store(true), true);

} // namespace

extern "C" __attribute__((noinline)) int accept(int fd, sockaddr* addr, socklen_t* len) {
  using namespace actorbench::actors;
  static const auto next =
    reinterpret_cast<fd_reserve::detail::accept_fn>(dlsym(RTLD_NEXT, "accept"));
  if (next == nullptr) {
    errno = ENOSYS;
    return -1;
  }
  int result = next(fd, addr, len);
  int why = errno;
  if (!fd_reserve::enabled() || !caf_io_code().contains(__builtin_return_address(0))) {
    errno = why;
    return result;
  }
  return fd_reserve::detail::filter(fd, result, why, next);
}
