#include "command/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <new>

namespace actorbench::bench {

namespace {

// Why a file of this kind is not read; empty for a regular file.
std::string not_regular(mode_t mode) {
  if (S_ISREG(mode))
    return "";
  if (S_ISDIR(mode))
    return "it is a directory, not readable as a file";
  if (S_ISFIFO(mode))
    return "it is a FIFO (named pipe), not a regular file";
  if (S_ISSOCK(mode))
    return "it is a socket, not a regular file";
  if (S_ISCHR(mode) || S_ISBLK(mode))
    return "it is a device, not a regular file";
  return "it is not a regular file";
}

struct descriptor {
  int fd;
  ~descriptor() {
    if (fd >= 0)
      ::close(fd);
  }
};

std::string limit_text(std::size_t bytes) {
  if (bytes % (std::size_t{1} << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

result<std::string> read_all(int fd, std::size_t max_bytes, const std::string& what) {
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    auto n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return bad_input(std::string{"cannot read it: "} + std::strerror(errno));
    if (n == 0)
      return text;
    if (text.size() + static_cast<std::size_t>(n) > max_bytes)
      return bad_input("it is larger than " + limit_text(max_bytes) + ": not " + what);
    text.append(buffer, static_cast<std::size_t>(n));
  }
}

} // namespace

result<std::string> read_input_file(const std::string& path, std::size_t max_bytes,
                                    const std::string& what) {
  // Checked before the open: opening a device may itself act (a tape
  // rewinds), and opening a FIFO for reading waits for a writer.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return bad_input(std::strerror(errno));
  if (auto why = not_regular(st.st_mode); !why.empty())
    return bad_input(why);
  if (static_cast<std::uintmax_t>(st.st_size) > max_bytes)
    return bad_input("it is larger than " + limit_text(max_bytes) + ": not " + what);
  descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
  if (file.fd < 0)
    return bad_input(std::strerror(errno));
  // What was opened, in case the path was replaced since the stat.
  if (::fstat(file.fd, &st) != 0)
    return bad_input(std::strerror(errno));
  if (auto why = not_regular(st.st_mode); !why.empty())
    return bad_input(why);
  try {
    return read_all(file.fd, max_bytes, what);
  } catch (const std::bad_alloc&) {
    return runtime_failure("out of memory");
  }
}

} // namespace actorbench::bench
