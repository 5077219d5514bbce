#include "bench/harness/isolation.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <sstream>

#include "bench/harness/results.hpp"

extern char** environ;

namespace actorbench::bench {

namespace {

using clock = std::chrono::steady_clock;

std::string describe(const child_run& run) {
  return std::string{run.warmup ? "warm-up run " : "run "} + std::to_string(run.index + 1)
         + " of configuration " + std::to_string(run.config + 1);
}

// The pipe's read end, closed on every path out.
struct fd_guard {
  int fd = -1;
  ~fd_guard() {
    if (fd >= 0)
      ::close(fd);
  }
};

result<pid_t> spawn_child(const isolation_settings& settings, const child_run& run, int& out_fd) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    return runtime_failure(std::string{"cannot make a pipe for a child process: "}
                           + std::strerror(errno));
  std::vector<std::string> args = settings.command_line;
  args.push_back(std::string{"--"} + child_option);
  args.push_back(to_text(run));
  std::vector<char*> argv;
  for (auto& a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  // Its own process group: a terminal's Ctrl-C reaches only this process,
  // which forwards it once (a second SIGINT would kill the child).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, settings.program.c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  if (rc != 0) {
    ::close(fds[0]);
    return runtime_failure("cannot start a child process for " + describe(run) + ": "
                           + std::strerror(rc));
  }
  out_fd = fds[0];
  return pid;
}

// Reads the child's stdout to its end or to `ends`; false on the deadline.
bool read_until(int fd, pid_t pid, clock::time_point ends, const std::atomic<bool>& stop,
                std::string& out) {
  bool forwarded = false;
  char buffer[4096];
  for (;;) {
    if (stop.load() && !forwarded) {
      // The child ends its run as partial, as a run in this process would.
      ::kill(pid, SIGINT);
      forwarded = true;
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(ends - clock::now());
    if (left.count() <= 0)
      return false;
    pollfd p{fd, POLLIN, 0};
    int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 100)));
    if (ready < 0 && errno != EINTR)
      return true;
    if (ready <= 0)
      continue;
    auto n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return true;
    out.append(buffer, static_cast<std::size_t>(n));
  }
}

// Waits for the child's exit until `ends`; kills it after that.
result<int> reap(pid_t pid, clock::time_point ends, const child_run& run, double wait_s) {
  int status = 0;
  for (;;) {
    auto done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid)
      return status;
    if (done < 0 && errno != EINTR)
      return runtime_failure("lost the child process of " + describe(run) + ": "
                             + std::strerror(errno));
    if (clock::now() >= ends)
      break;
    ::usleep(10'000);
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  std::ostringstream why;
  why << "the child process of " << describe(run) << " did not finish within " << wait_s
      << " s: killed";
  return runtime_failure(why.str());
}

result<bool> check_status(int status, const child_run& run) {
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return true;
  if (WIFSIGNALED(status))
    return runtime_failure("the child process of " + describe(run) + " was killed by signal "
                           + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status))
                           + ")");
  return runtime_failure("the child process of " + describe(run) + " exited with status "
                         + std::to_string(WEXITSTATUS(status)) + " (its error is above)");
}

} // namespace

std::string to_string(isolation_mode mode) {
  return mode == isolation_mode::process ? "process" : "in-process";
}

result<isolation_mode> parse_isolation(const std::string& text) {
  if (text == "none" || text == "in-process")
    return isolation_mode::in_process;
  if (text == "process")
    return isolation_mode::process;
  return bad_input("invalid --isolate '" + text + "': expected none or process");
}

std::string to_text(const child_run& run) {
  std::ostringstream out;
  out << run.config << ',' << run.index << ',' << run.warmup << ',' << run.planned_runs << ','
      << run.probing;
  return out.str();
}

result<child_run> parse_child_run(const std::string& text) {
  std::istringstream in{text};
  child_run out;
  char c1 = 0, c2 = 0, c3 = 0, c4 = 0;
  in >> out.config >> c1 >> out.index >> c2 >> out.warmup >> c3 >> out.planned_runs >> c4
    >> out.probing;
  if (!in || c1 != ',' || c2 != ',' || c3 != ',' || c4 != ',' || in.peek() != EOF)
    return bad_input("invalid --" + std::string{child_option} + " '" + text
                     + "': expected CONFIG,INDEX,WARMUP,PLANNED,PROBING");
  return out;
}

std::size_t child_warmup_runs(std::size_t warmup) {
  return std::max<std::size_t>(1, warmup);
}

double child_wait_s(const isolation_settings& settings, const configuration& c,
                    std::size_t runs) {
  double run_s = 600;
  if (auto t = c.values.find("timeout"); t != c.values.end()) {
    if (const auto* seconds = std::get_if<std::int64_t>(&t->second); seconds && *seconds > 0)
      run_s = static_cast<double>(*seconds);
    else if (const auto* d = std::get_if<double>(&t->second); d && *d > 0)
      run_s = *d;
  }
  return run_s * static_cast<double>(std::max<std::size_t>(1, runs))
         + settings.startup_allowance_s;
}

result<run_result> run_in_child(const isolation_settings& settings, const child_run& run,
                                double wait_s, const std::atomic<bool>& stop) {
  fd_guard pipe;
  auto pid = spawn_child(settings, run, pipe.fd);
  if (!pid)
    return pid.err();
  auto ends = clock::now()
              + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(wait_s));
  std::string text;
  read_until(pipe.fd, *pid, ends, stop, text);
  auto status = reap(*pid, ends, run, wait_s);
  if (!status)
    return status.err();
  if (auto ok = check_status(*status, run); !ok)
    return ok.err();
  if (!settings.read_run)
    return runtime_failure("no reader for the child process's record of " + describe(run));
  auto record = settings.read_run(text);
  if (!record)
    return runtime_failure("the child process of " + describe(run)
                           + " reported no readable record: " + record.err().message);
  return record;
}

} // namespace actorbench::bench
