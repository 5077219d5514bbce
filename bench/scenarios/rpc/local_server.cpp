#include "bench/scenarios/rpc/local_server.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "actors/runtime/cpu_pinning.hpp"

namespace actorbench::bench {

namespace {

using clock_type = std::chrono::steady_clock;

// Reads from `fd` until a newline, EOF or the deadline.
std::string read_line(int fd, clock_type::time_point deadline) {
  std::string line;
  char c;
  while (line.find('\n') == std::string::npos) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now());
    if (left.count() <= 0)
      break;
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left.count())) <= 0)
      continue;
    auto n = read(fd, &c, 1);
    if (n <= 0)
      break;
    line += c;
  }
  return line;
}

} // namespace

result<std::unique_ptr<local_server>> local_server::start(
  const std::optional<actors::tls_settings>& tls, actors::hello_host hello_on,
  const std::vector<int>& cpus, std::chrono::milliseconds timeout) {
  char exe[PATH_MAX];
  auto len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (len <= 0)
    return runtime_failure("cannot find this executable to start the local server");
  exe[len] = '\0';
  std::vector<std::string> args{
    exe,         "serve",     "--port", "0",          "--bind",
    "127.0.0.1", "--threads", "1",      "--hello-on", std::string{actors::to_string(hello_on)}};
  if (tls)
    args.insert(args.end(),
                {"--tls", "--cert", tls->certificate, "--key", tls->key, "--ca", tls->ca});
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0)
    return runtime_failure(std::string{"cannot start the local server: "} + std::strerror(errno));
  auto parent = getpid();
  pid_t pid = fork();
  if (pid < 0)
    return runtime_failure(std::string{"cannot start the local server: "} + std::strerror(errno));
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent)
      _exit(1);
    if (!cpus.empty() && !actors::pin_this_thread(cpus))
      _exit(1);
    dup2(pipe_fds[1], STDOUT_FILENO);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    std::vector<char*> argv;
    for (auto& a : args)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(exe, argv.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  std::unique_ptr<local_server> server{new local_server(pid, pipe_fds[0])};
  // "actorbench serve: listening on 127.0.0.1:PORT (...)"
  auto line = read_line(server->out_, clock_type::now() + timeout);
  auto at = line.find("listening on 127.0.0.1:");
  if (at == std::string::npos)
    return runtime_failure(
      "the local server did not start within the timeout"
      + (line.empty() ? std::string{} : ": " + line.substr(0, line.find('\n'))));
  server->port_ = static_cast<std::uint16_t>(std::stoul(line.substr(at + 23)));
  return server;
}

local_server::~local_server() {
  kill(pid_, SIGTERM);
  // Drain its farewell (so it never blocks writing) and wait at most 5 s.
  auto deadline = clock_type::now() + std::chrono::seconds{5};
  while (!read_line(out_, deadline).empty()) {
  }
  int status = 0;
  while (waitpid(pid_, &status, WNOHANG) == 0) {
    if (clock_type::now() > deadline) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds{10});
  }
  close(out_);
}

} // namespace actorbench::bench
