#include "bench/harness/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <thread>
#include <utility>

namespace actorbench::bench {

namespace {

using clock = child_process::clock;

// Bounds on waits the caller gives no deadline for: a started child
// reporting whether exec worked, and a killed child being reaped.
constexpr auto exec_timeout = std::chrono::seconds{10};
constexpr auto reap_timeout = std::chrono::seconds{5};
// How often exchange asks go_on, at least.
constexpr int exchange_tick_ms = 100;

std::error_code last_error() {
  return {errno, std::generic_category()};
}

void close_fd(int& fd) noexcept {
  if (fd >= 0)
    ::close(fd);
  fd = -1;
}

/// A descriptor pair, each end closed once unless released.
struct fd_pair {
  int parent = -1;
  int child = -1;
  fd_pair() = default;
  fd_pair(const fd_pair&) = delete;
  ~fd_pair() {
    close_fd(parent);
    close_fd(child);
  }
  int release_parent() noexcept { return std::exchange(parent, -1); }
};

/// A pipe whose read end is the parent's; a socket for stdin, so that
/// writing to a child that quit fails with EPIPE instead of raising SIGPIPE.
std::error_code open_channel(fd_pair& p, bool child_reads) {
  int fds[2];
  int rc = child_reads ? ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds)
                       : ::pipe2(fds, O_CLOEXEC);
  if (rc != 0)
    return last_error();
  p.parent = child_reads ? fds[1] : fds[0];
  p.child = child_reads ? fds[0] : fds[1];
  ::fcntl(p.parent, F_SETFL, ::fcntl(p.parent, F_GETFL) | O_NONBLOCK);
  return {};
}

/// Everything the forked child needs, prepared before fork: between fork
/// and exec a multi-threaded process may make async-signal-safe calls only.
struct exec_plan {
  const char* program = nullptr;
  std::vector<char*> argv;
  int streams[3] = {-1, -1, -1};
  int report = -1;
  pid_t parent = 0;
  bool own_group = false;
  bool die_with_parent = false;
  bool pin = false;
  cpu_set_t cpus;
};

// Runs in the forked child: exec, or write errno to `report` and exit.
[[noreturn]] void exec_child(exec_plan& plan) {
  if (plan.die_with_parent) {
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != plan.parent)
      ::_exit(127); // the parent died before prctl took effect
  }
  // The tool ignores SIGPIPE to report a closed stdout as a failed write; a
  // program it runs starts with the default, as from a shell.
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  ::sigaction(SIGPIPE, &default_action, nullptr);
  bool ok = !plan.own_group || ::setpgid(0, 0) == 0;
  ok = ok && (!plan.pin || ::sched_setaffinity(0, sizeof plan.cpus, &plan.cpus) == 0);
  for (int target = 0; ok && target < 3; ++target)
    ok = plan.streams[target] < 0 || ::dup2(plan.streams[target], target) >= 0;
  if (ok)
    ::execv(plan.program, plan.argv.data());
  int error = errno;
  [[maybe_unused]] auto n = ::write(plan.report, &error, sizeof error);
  ::_exit(127);
}

/// How waiting for a child ended.
enum class reaped { exited, running, failed };

/// Waits for `pid` until `deadline`; `failed` leaves waitpid's errno.
reaped reap(pid_t pid, int& status, clock::time_point deadline) {
  for (;;) {
    auto done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid)
      return reaped::exited;
    if (done < 0 && errno != EINTR)
      return reaped::failed;
    if (clock::now() >= deadline)
      return reaped::running;
    std::this_thread::sleep_for(std::chrono::milliseconds{5});
  }
}

/// The child's exec outcome: no error once the report pipe closes (exec
/// closed it), else the errno it wrote; ETIMEDOUT after exec_timeout.
std::error_code exec_outcome(int report) {
  auto deadline = clock::now() + exec_timeout;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now());
    if (left.count() <= 0)
      return std::make_error_code(std::errc::timed_out);
    pollfd p{report, POLLIN, 0};
    int ready = ::poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno != EINTR)
      return last_error();
    if (ready <= 0)
      continue;
    int error = 0;
    auto n = ::read(report, &error, sizeof error);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (n == static_cast<ssize_t>(sizeof error))
      return {error, std::generic_category()};
    return {};
  }
}

void prepare(exec_plan& plan, const std::string& program, std::vector<std::string>& args,
             const child_options& options) {
  plan.program = program.c_str();
  for (auto& a : args)
    plan.argv.push_back(a.data());
  plan.argv.push_back(nullptr);
  plan.parent = ::getpid();
  plan.own_group = options.own_process_group;
  plan.die_with_parent = options.die_with_parent;
  plan.pin = !options.cpus.empty();
  CPU_ZERO(&plan.cpus);
  for (int cpu : options.cpus)
    if (cpu >= 0 && cpu < CPU_SETSIZE)
      CPU_SET(cpu, &plan.cpus);
}

} // namespace

system_result<child_process> child_process::start(const std::string& program,
                                                            const std::vector<std::string>& argv,
                                                            const child_options& options) {
  fd_pair in, out, err, report;
  const bool wanted[3] = {options.feed_stdin, options.read_stdout, options.read_stderr};
  fd_pair* channels[3] = {&in, &out, &err};
  for (int i = 0; i < 3; ++i)
    if (wanted[i])
      if (auto failed = open_channel(*channels[i], i == 0))
        return failed;
  if (auto failed = open_channel(report, false))
    return failed;
  std::vector<std::string> args = argv;
  exec_plan plan;
  prepare(plan, program, args, options);
  for (int i = 0; i < 3; ++i)
    plan.streams[i] = channels[i]->child;
  plan.report = report.child;
  pid_t pid = ::fork();
  if (pid < 0)
    return last_error();
  if (pid == 0)
    exec_child(plan);
  close_fd(report.child);
  child_process child{pid, options.own_process_group, in.release_parent(), out.release_parent(),
                      err.release_parent()};
  if (auto failed = exec_outcome(report.parent))
    return failed; // child's destructor kills and reaps what is left of it
  return child;
}

child_process::child_process(pid_t pid, bool own_group, int in, int out, int err) noexcept
  : pid_(pid), own_group_(own_group), in_(in), out_(out), err_(err) {
}

child_process::child_process(child_process&& other) noexcept
  : pid_(std::exchange(other.pid_, -1)),
    own_group_(other.own_group_),
    in_(std::exchange(other.in_, -1)),
    out_(std::exchange(other.out_, -1)),
    err_(std::exchange(other.err_, -1)) {
}

child_process::~child_process() {
  close_pipes();
  if (pid_ > 0)
    kill_and_reap();
}

void child_process::signal(int signal) const {
  if (pid_ > 0)
    ::kill(pid_, signal);
}

void child_process::close_pipes() noexcept {
  close_fd(in_);
  close_fd(out_);
  close_fd(err_);
}

void child_process::kill_and_reap() {
  ::kill(own_group_ ? -pid_ : pid_, SIGKILL);
  int status = 0;
  reap(pid_, status, clock::now() + reap_timeout);
  pid_ = -1;
}

system_result<exchange_end>
child_process::exchange(child_io& io, clock::time_point deadline,
                        const std::function<bool(const child_io&)>& go_on) {
  char buffer[65536];
  while (out_ >= 0 || err_ >= 0) {
    if (in_ >= 0 && io.input.empty())
      close_fd(in_);
    if (go_on && !go_on(io))
      return exchange_end::stopped;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now());
    if (left.count() <= 0)
      return exchange_end::deadline;
    pollfd fds[3];
    nfds_t count = 0;
    for (int fd : {in_, out_, err_})
      if (fd >= 0)
        fds[count++] = pollfd{fd, static_cast<short>(fd == in_ ? POLLOUT : POLLIN), 0};
    int ready = ::poll(fds, count, static_cast<int>(std::min<long long>(left.count(),
                                                                        exchange_tick_ms)));
    if (ready < 0 && errno != EINTR)
      return last_error();
    for (nfds_t i = 0; ready > 0 && i < count; ++i) {
      if (fds[i].revents == 0)
        continue;
      if (fds[i].fd == in_) {
        auto n = ::send(in_, io.input.data(), io.input.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0)
          io.input.erase(0, static_cast<std::size_t>(n));
        else if (n < 0 && errno != EAGAIN && errno != EINTR)
          close_fd(in_); // it stopped reading (it quit): end its input
        continue;
      }
      int& fd = fds[i].fd == out_ ? out_ : err_;
      auto n = ::read(fd, buffer, sizeof buffer);
      if (n > 0)
        (&fd == &out_ ? io.out : io.err).append(buffer, static_cast<std::size_t>(n));
      else if (n == 0 || (errno != EAGAIN && errno != EINTR))
        close_fd(fd);
    }
  }
  close_fd(in_);
  return exchange_end::closed;
}

system_result<child_exit> child_process::wait_until(clock::time_point deadline) {
  child_exit ended;
  switch (reap(pid_, ended.status, deadline)) {
    case reaped::exited:
      pid_ = -1;
      return ended;
    case reaped::failed: {
      auto error = last_error();
      pid_ = -1; // lost: never signal whatever process has its number now
      return error;
    }
    case reaped::running:
      break;
  }
  kill_and_reap();
  ended.killed = true;
  return ended;
}

} // namespace actorbench::bench
