#include "actors/remote/basp_payload_limit.hpp"

#include <dlfcn.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <atomic>
#include <cerrno>
#include <mutex>
#include <utility>

#include <caf/io/basp/header.hpp>

#include "actors/remote/interpose/library_code.hpp"
#include "actors/remote/socket_peer.hpp"

namespace actorbench::actors::basp_payload_limit {

namespace {

constexpr std::size_t kept = 16;

std::atomic<std::uint32_t> max_payload{default_limit};
std::atomic<bool> wrapper_called{false};

std::mutex mutex;
refusals pending; // guarded by mutex

// The socket libcaf_io read last on this thread. CAF checks a header in the
// same multiplexer event that read its last bytes, on the same thread.
thread_local int last_read_fd = -1;

void record(const caf::io::basp::header& hdr, std::uint32_t lim) {
  refusal r{socket_peer(last_read_fd), hdr.payload_len, lim};
  std::lock_guard<std::mutex> guard{mutex};
  if (pending.first.size() < kept)
    pending.first.push_back(std::move(r));
  ++pending.count;
}

} // namespace

void set(std::uint32_t bytes) {
  caf_io_code().locate(); // for the recv wrapper's peer
  max_payload.store(bytes);
}

std::uint32_t limit() {
  return max_payload.load();
}

bool active() {
  return wrapper_called.load();
}

std::string to_string(const refusal& r) {
  return "its BASP header declared a payload of " + std::to_string(r.declared)
         + " bytes, above the limit of " + std::to_string(r.limit) + " bytes";
}

refusals take() {
  std::lock_guard<std::mutex> guard{mutex};
  return std::exchange(pending, refusals{});
}

} // namespace actorbench::actors::basp_payload_limit

// The wrappers. The executable exports them (actors/CMakeLists.txt), so the
// dynamic linker binds libcaf_io's calls here; noinline keeps the return
// address that of the caller.

namespace caf::io::basp {

bool valid(const header& hdr) {
  using namespace actorbench::actors::basp_payload_limit;
  using fn = bool (*)(const header&);
  static const auto next
    = reinterpret_cast<fn>(dlsym(RTLD_NEXT, "_ZN3caf2io4basp5validERKNS1_6headerE"));
  wrapper_called.store(true, std::memory_order_relaxed);
  // Without CAF's own checks nothing is known to be valid.
  if (next == nullptr || !next(hdr))
    return false;
  auto lim = max_payload.load(std::memory_order_relaxed);
  if (hdr.payload_len <= lim)
    return true;
  record(hdr, lim);
  return false;
}

} // namespace caf::io::basp

extern "C" __attribute__((noinline)) ssize_t recv(int fd, void* buf, size_t len, int flags) {
  using namespace actorbench::actors;
  using fn = ssize_t (*)(int, void*, size_t, int);
  static const auto next = reinterpret_cast<fn>(dlsym(RTLD_NEXT, "recv"));
  if (caf_io_code().contains(__builtin_return_address(0)))
    basp_payload_limit::last_read_fd = fd;
  if (next == nullptr) {
    errno = ENOSYS;
    return -1;
  }
  return next(fd, buf, len, flags);
}
