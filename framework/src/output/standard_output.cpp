#include "bench/output/standard_output.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <memory>

#include <fcntl.h>
#include <unistd.h>

#include "output/fd_streambuf.hpp"

namespace actorbench::bench {

namespace {

// Never destroyed: std::cout may still be flushed during exit.
fd_streambuf* stdout_buffer = nullptr;

bool is_open(int fd) {
  return ::fcntl(fd, F_GETFD) >= 0 || errno != EBADF;
}

} // namespace

void take_standard_output() {
  if (stdout_buffer != nullptr)
    return;
  std::signal(SIGPIPE, SIG_IGN);
  bool stdout_open = is_open(STDOUT_FILENO);
  // Lowest numbers first: open(2) returns the lowest free one.
  for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO})
    if (!is_open(fd)) {
      int null = ::open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);
      if (null >= 0 && null != fd) {
        ::dup2(null, fd);
        ::close(null);
      }
    }
  std::cout.flush();
  stdout_buffer = new fd_streambuf(stdout_open ? STDOUT_FILENO : -1, isatty(STDOUT_FILENO) == 1);
  std::cout.rdbuf(stdout_buffer);
}

result<void> flush_standard_output() {
  std::cout.flush();
  int err = 0;
  if (stdout_buffer != nullptr && !stdout_buffer->flush())
    err = stdout_buffer->error();
  else if (!std::cout)
    err = EIO;
  if (err == 0)
    return {};
  return runtime_failure(std::string{"cannot write to standard output: "} + std::strerror(err));
}

} // namespace actorbench::bench
