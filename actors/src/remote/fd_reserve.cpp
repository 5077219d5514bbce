#include "actors/remote/fd_reserve.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <mutex>

#include "remote/interpose/accept.hpp"
#include "remote/interpose/library_code_ranges.hpp"

namespace actorbench::actors::fd_reserve {

namespace {

std::atomic<bool> on{false};
std::atomic<bool> exhausted{false};
std::atomic<std::uint64_t> episodes{0};
std::atomic<std::uint64_t> shed{0};

std::mutex mutex;
int reserve = -1; // guarded by mutex

int open_reserve() {
  return ::open("/dev/null", O_RDONLY | O_CLOEXEC);
}

// A new episode unless one is under way; called with mutex held.
void note_exhaustion() {
  if (!exhausted.exchange(true))
    ++episodes;
}

std::string open_files_limit() {
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) != 0 || lim.rlim_cur == RLIM_INFINITY)
    return "";
  return " (limit " + std::to_string(lim.rlim_cur) + ", ulimit -n)";
}

} // namespace

std::atomic<bool> detail::linked{false};

bool enable() {
  std::lock_guard<std::mutex> guard{mutex};
  if (on.load())
    return true;
  if (!detail::linked.load() || !caf_io_code().locate())
    return false;
  reserve = open_reserve();
  if (reserve < 0)
    return false;
  on.store(true);
  return true;
}

bool enabled() {
  return on.load();
}

state current() {
  // The count first: an episode it counts is then exhausted or over.
  state s;
  s.episodes = episodes.load();
  s.exhausted = exhausted.load();
  s.shed = shed.load();
  if (s.episodes == 0)
    s.exhausted = false;
  return s;
}

std::vector<std::string> watcher::changes() {
  auto now = current();
  // Episodes 1..now.episodes have started; all but a current one have ended.
  auto ended = now.exhausted ? now.episodes - 1 : now.episodes;
  std::vector<std::string> lines;
  for (;;) {
    if (started_ == ended_ && started_ < now.episodes) {
      lines.push_back("out of file descriptors" + open_files_limit()
                      + ": new connections are closed at once until some close");
      ++started_;
    } else if (started_ > ended_ && ended_ < ended) {
      lines.push_back("file descriptors available again; " + std::to_string(now.shed - shed_)
                      + " connections were closed at once meanwhile");
      ++ended_;
      shed_ = now.shed;
    } else {
      return lines;
    }
  }
}

int detail::filter(int fd, int result, int why, accept_fn next) {
  if (result >= 0) {
    // CAF's TLS session opens its certificate files, one after the other,
    // for each new connection and throws, ending the process, when it cannot:
    // a connection is kept only with one descriptor to spare.
    int spare = ::fcntl(result, F_DUPFD_CLOEXEC, 0);
    if (spare >= 0) {
      ::close(spare);
      if (exhausted.load(std::memory_order_relaxed))
        exhausted.store(false);
      return result;
    }
    std::lock_guard<std::mutex> guard{mutex};
    note_exhaustion();
    ::close(result);
    ++shed;
  } else if (why != EMFILE && why != ENFILE) {
    errno = why;
    return result;
  } else {
    std::lock_guard<std::mutex> guard{mutex};
    note_exhaustion();
    if (reserve >= 0) {
      ::close(reserve);
      reserve = -1;
    }
    int doomed = next(fd, nullptr, nullptr);
    if (doomed >= 0) {
      ::close(doomed);
      ++shed;
    }
    reserve = open_reserve();
  }
  // CAF ignores "try again"; the loop wakes for the next pending connection.
  errno = EAGAIN;
  return -1;
}

} // namespace actorbench::actors::fd_reserve
