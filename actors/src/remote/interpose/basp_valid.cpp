// The caf::io::basp::valid and recv wrappers; see basp_payload_limit.hpp.
// The executable exports them (actors/CMakeLists.txt,
// actorbench_caf_interpose), so the dynamic linker binds libcaf_io's calls
// here; noinline keeps the return address that of the caller.

#include <dlfcn.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <cerrno>

#include <caf/io/basp/header.hpp>

#include "remote/interpose/basp_valid.hpp"
#include "remote/interpose/library_code_ranges.hpp"

namespace {

[[maybe_unused]] const bool linked =
  (actorbench::actors::basp_payload_limit::detail::linked.store(true), true);

// The socket libcaf_io read last on this thread. CAF checks a header in the
// same multiplexer event that read its last bytes, on the same thread.
thread_local int last_read_fd = -1;

} // namespace

namespace caf::io::basp {

bool valid(const header& hdr) {
  using namespace actorbench::actors::basp_payload_limit::detail;
  using fn = bool (*)(const header&);
  static const auto next =
    reinterpret_cast<fn>(dlsym(RTLD_NEXT, "_ZN3caf2io4basp5validERKNS1_6headerE"));
  wrapper_called.store(true, std::memory_order_relaxed);
  // Without CAF's own checks nothing is known to be valid.
  if (next == nullptr || !next(hdr))
    return false;
  auto lim = max_payload.load(std::memory_order_relaxed);
  if (hdr.payload_len <= lim)
    return true;
  record(last_read_fd, hdr.payload_len, lim);
  return false;
}

} // namespace caf::io::basp

extern "C" __attribute__((noinline)) ssize_t recv(int fd, void* buf, size_t len, int flags) {
  using fn = ssize_t (*)(int, void*, size_t, int);
  static const auto next = reinterpret_cast<fn>(dlsym(RTLD_NEXT, "recv"));
  if (actorbench::actors::caf_io_code().contains(__builtin_return_address(0)))
    last_read_fd = fd;
  if (next == nullptr) {
    errno = ENOSYS;
    return -1;
  }
  return next(fd, buf, len, flags);
}
