// The pthread_sigmask and sigtimedwait wrappers; see sigpipe_elision.hpp.
// The executable exports them (actors/CMakeLists.txt,
// actorbench_caf_interpose), so the dynamic linker binds libcaf_openssl's
// calls here; noinline keeps the return address that of the caller.

#include <dlfcn.h>
#include <signal.h>

#include <cerrno>

#include "remote/interpose/caf_openssl_code.hpp"
#include "remote/interpose/sigmask.hpp"

namespace {

using namespace actorbench::actors::sigpipe_elision::detail;

[[maybe_unused]] const bool linked_here = (linked.store(true), true);

// The set CAF's session blocks: SIGPIPE alone.
sigset_t sigpipe_only() {
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, SIGPIPE);
  return s;
}

// What the wrapper hands back as the "saved mask" of a block it skipped, so
// that the matching restore can be recognized. SIGKILL and SIGSTOP can never
// be blocked, so no mask the kernel reports contains them.
sigset_t skipped_marker() {
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, SIGKILL);
  sigaddset(&s, SIGSTOP);
  return s;
}

const sigset_t only_sigpipe = sigpipe_only();
const sigset_t marker = skipped_marker();

// Compares what the kernel sees of two sets: its first 64 signals (the
// system calls pass a sigsetsize of 8). glibc's sigemptyset clears only
// that much of the 128-byte sigset_t; the rest of CAF's set on its stack is
// whatever was there.
bool same(const sigset_t* a, const sigset_t& b) {
  return a != nullptr && a->__val[0] == b.__val[0];
}

template <class F>
F real(const char* name) {
  return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

} // namespace

extern "C" __attribute__((noinline)) int pthread_sigmask(int how, const sigset_t* set,
                                                         sigset_t* old) {
  using fn = int (*)(int, const sigset_t*, sigset_t*);
  static const auto next = real<fn>("pthread_sigmask");
  if (on.load(std::memory_order_relaxed)
      && actorbench::actors::caf_openssl_code::contains(__builtin_return_address(0))) {
    // CAF_BLOCK_SIGPIPE's block: SIGPIPE alone, the old mask kept.
    if (how == SIG_BLOCK && same(set, only_sigpipe) && old != nullptr) {
      *old = marker;
      elided.fetch_add(1, std::memory_order_relaxed);
      return 0;
    }
    // ...and its restore of a block skipped above.
    if (how == SIG_SETMASK && same(set, marker) && old == nullptr) {
      elided.fetch_add(1, std::memory_order_relaxed);
      return 0;
    }
  }
  if (next == nullptr)
    return ENOSYS;
  return next(how, set, old);
}

extern "C" __attribute__((noinline)) int sigtimedwait(const sigset_t* set, siginfo_t* info,
                                                      const timespec* timeout) {
  using fn = int (*)(const sigset_t*, siginfo_t*, const timespec*);
  static const auto next = real<fn>("sigtimedwait");
  // CAF_BLOCK_SIGPIPE's poll for a pending SIGPIPE: with SIGPIPE ignored and
  // never blocked there is none, which the kernel would report as EAGAIN.
  if (on.load(std::memory_order_relaxed)
      && actorbench::actors::caf_openssl_code::contains(__builtin_return_address(0))
      && same(set, only_sigpipe) && timeout != nullptr && timeout->tv_sec == 0
      && timeout->tv_nsec == 0) {
    elided.fetch_add(1, std::memory_order_relaxed);
    errno = EAGAIN;
    return -1;
  }
  if (next == nullptr) {
    errno = ENOSYS;
    return -1;
  }
  return next(set, info, timeout);
}
