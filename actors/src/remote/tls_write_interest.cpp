#include "remote/tls_write_interest.hpp"

#include <dlfcn.h>
#include <sys/epoll.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "remote/interpose/caf_openssl_code.hpp"
#include "remote/interpose/epoll_ctl.hpp"
#include "remote/interpose/library_code_ranges.hpp"

namespace actorbench::actors::tls_write_interest {

namespace {

using detail::epoll_ctl_fn;
using detail::next_epoll_ctl;

// One socket whose TLS handshake is under way.
struct handshake {
  const SSL* ssl = nullptr;
  // The last handshake step wanted to read.
  bool wants_read = false;
  // libcaf_io has the socket in `epfd`, asking for `asked`.
  bool registered = false;
  int epfd = -1;
  epoll_event asked{};
  // The kernel has `asked` less EPOLLOUT.
  bool withheld = false;
};

std::atomic<bool> on{false};
std::mutex mutex;
// By socket; guarded by mutex.
std::unordered_map<int, handshake> handshakes;
// handshakes.size(), for the wrapper's quick way out. A socket's entry is
// made by its first handshake step, which libcaf_openssl calls before
// libcaf_io registers the socket, on the same thread.
std::atomic<std::size_t> tracked{0};

epoll_event kernel_mask(const handshake& h) {
  auto ev = h.asked;
  // Without EPOLLIN nothing would wake the handshake: then leave it be.
  if (h.wants_read && (ev.events & EPOLLIN) != 0)
    ev.events &= ~static_cast<std::uint32_t>(EPOLLOUT);
  return ev;
}

// Gives the kernel the mask `h` calls for; mutex held.
void apply(int fd, handshake& h) {
  if (!h.registered)
    return;
  auto ev = kernel_mask(h);
  bool withhold = ev.events != h.asked.events;
  if (withhold != h.withheld && next_epoll_ctl()(h.epfd, EPOLL_CTL_MOD, fd, &ev) == 0)
    h.withheld = withhold;
}

void erase(std::unordered_map<int, handshake>::iterator it) {
  handshakes.erase(it);
  tracked.store(handshakes.size());
}

// OpenSSL frees an SSL object before CAF closes its socket: its entry goes
// then, so a later connection on the same socket number starts afresh.
void on_free(void* parent, void* ptr, CRYPTO_EX_DATA*, int, long, void*) {
  if (ptr == nullptr)
    return;
  int fd = static_cast<int>(reinterpret_cast<std::intptr_t>(ptr) - 1);
  std::lock_guard<std::mutex> guard{mutex};
  auto it = handshakes.find(fd);
  if (it != handshakes.end() && it->second.ssl == parent)
    erase(it);
}

int socket_index() {
  static const int index = SSL_get_ex_new_index(0, nullptr, nullptr, nullptr, on_free);
  return index;
}

} // namespace

std::atomic<bool> detail::linked{false};

detail::epoll_ctl_fn detail::next_epoll_ctl() {
  static const auto next = reinterpret_cast<epoll_ctl_fn>(dlsym(RTLD_NEXT, "epoll_ctl"));
  return next;
}

bool detail::tracking() noexcept {
  return tracked.load(std::memory_order_relaxed) != 0;
}

bool enable() {
  if (!detail::linked.load() || !caf_io_code().locate() || !caf_openssl_code::locate()
      || next_epoll_ctl() == nullptr)
    return false;
  socket_index();
  on.store(true);
  return true;
}

void after_handshake_step(SSL* ssl, int result) {
  if (!on.load(std::memory_order_relaxed))
    return;
  int fd = SSL_get_fd(ssl);
  if (fd < 0)
    return;
  int saved_errno = errno;
  bool under_way = result != 1 && (SSL_want_read(ssl) || SSL_want_write(ssl));
  std::lock_guard<std::mutex> guard{mutex};
  auto it = handshakes.find(fd);
  if (!under_way) {
    // Done or failed: CAF's write interest counts again.
    if (it != handshakes.end() && it->second.ssl == ssl) {
      it->second.wants_read = false;
      apply(fd, it->second);
      erase(it);
    }
  } else {
    if (it == handshakes.end()) {
      it = handshakes.emplace(fd, handshake{}).first;
      tracked.store(handshakes.size());
    }
    if (it->second.ssl != ssl) {
      it->second = handshake{};
      it->second.ssl = ssl;
      SSL_set_ex_data(ssl, socket_index(), reinterpret_cast<void*>(std::intptr_t{fd} + 1));
    }
    it->second.wants_read = SSL_want_read(ssl);
    apply(fd, it->second);
  }
  errno = saved_errno;
}

int detail::filter(int epfd, int op, int fd, epoll_event* event) {
  std::lock_guard<std::mutex> guard{mutex};
  auto it = handshakes.find(fd);
  if (it == handshakes.end() || (op != EPOLL_CTL_DEL && event == nullptr))
    return next_epoll_ctl()(epfd, op, fd, event);
  auto& h = it->second;
  if (op == EPOLL_CTL_DEL) {
    h.registered = false;
    h.withheld = false;
    return next_epoll_ctl()(epfd, op, fd, event);
  }
  h.asked = *event;
  auto ev = kernel_mask(h);
  int result = next_epoll_ctl()(epfd, op, fd, &ev);
  if (result == 0) {
    h.registered = true;
    h.epfd = epfd;
    h.withheld = ev.events != h.asked.events;
  }
  return result;
}

} // namespace actorbench::actors::tls_write_interest
