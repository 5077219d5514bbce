#include "bench/output/output_file.hpp"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/fd_streambuf.hpp"

namespace actorbench::bench {

namespace {

bool same_file(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// Whether standard output or standard error already write to `st`: replacing
// that file would leave them writing to the unlinked old one.
bool is_standard_stream(const struct stat& st) {
  for (int fd : {STDOUT_FILENO, STDERR_FILENO}) {
    struct stat s {};
    if (::fstat(fd, &s) == 0 && same_file(s, st))
      return true;
  }
  return false;
}

error cannot_write(const std::string& option, const std::string& path, int err,
                   const std::string& step = "") {
  return runtime_failure("cannot write " + option + " '" + path + "': " + step
                         + std::strerror(err));
}

mode_t current_umask() {
  // umask(2) can only be read by setting it; it is put back at once.
  auto mask = ::umask(077);
  ::umask(mask);
  return mask;
}

} // namespace

struct output_file::state {
  std::string path;      // as the user named it, for messages
  std::string option;    // --output, --plot, ...
  std::string target;    // the file to replace, symbolic links followed
  std::string temporary; // empty when writing in place
  int fd = -1;
  fd_streambuf buffer;
  std::ostream out;

  state(std::string p, std::string o, std::string t, std::string tmp, int f)
    : path(std::move(p)),
      option(std::move(o)),
      target(std::move(t)),
      temporary(std::move(tmp)),
      fd(f),
      buffer(f),
      out(&buffer) {}

  ~state() { abandon(); }

  // Closes the descriptor and removes the temporary file, if still there.
  void abandon() {
    if (fd >= 0)
      ::close(fd);
    fd = -1;
    if (!temporary.empty())
      ::unlink(temporary.c_str());
    temporary.clear();
  }

  error failure(int err, const std::string& step = "") {
    abandon();
    return cannot_write(option, path, err, step);
  }
};

output_file::output_file(std::unique_ptr<state> s) : state_(std::move(s)) {}
output_file::output_file(output_file&&) noexcept = default;
output_file& output_file::operator=(output_file&&) noexcept = default;
output_file::~output_file() = default;

result<output_file> output_file::open(const std::string& path, const std::string& option,
                                      file_access access) {
  auto fail = [&](int err, const std::string& step = "") {
    return cannot_write(option, path, err, step);
  };
  struct stat st {};
  bool exists = ::stat(path.c_str(), &st) == 0;
  if (!exists && errno != ENOENT)
    return fail(errno);
  if (exists && (!S_ISREG(st.st_mode) || is_standard_stream(st))) {
    // Non-blocking for the open only: a FIFO nobody reads fails at once
    // (ENXIO) instead of waiting for a reader forever.
    int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
      return fail(errno);
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return output_file{std::make_unique<state>(path, option, path, "", fd)};
  }
  std::string target = path;
  struct stat link {};
  if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
    if (!exists)
      return runtime_failure("cannot write " + option + " '" + path
                             + "': it is a symbolic link to a missing file");
    char resolved[PATH_MAX];
    if (::realpath(path.c_str(), resolved) == nullptr)
      return fail(errno);
    target = resolved;
  }
  auto dir = directory_of(target);
  auto base = target.substr(target.find_last_of('/') + 1);
  std::string temporary = (dir == "/" ? "" : dir) + "/." + base + ".XXXXXX";
  int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
  if (fd < 0)
    return fail(errno, "cannot create a temporary file in '" + dir + "': ");
  auto s = std::make_unique<state>(path, option, target, temporary, fd);
  mode_t mode = 0600;
  if (access == file_access::usual)
    mode = exists ? (st.st_mode & 0777) : (0666 & ~current_umask());
  if (exists)
    // Keeps the replaced file's owner and group where allowed (as root); a
    // user who may not give files away keeps the file as their own.
    (void)!::fchown(fd, st.st_uid, st.st_gid);
  if (::fchmod(fd, mode) != 0)
    return s->failure(errno);
  return output_file{std::move(s)};
}

std::ostream& output_file::stream() {
  return state_->out;
}

result<void> output_file::commit() {
  auto& s = *state_;
  if (s.fd < 0)
    return runtime_failure("cannot write " + s.option + " '" + s.path + "': already written");
  if (!s.buffer.flush())
    return s.failure(s.buffer.error());
  if (!s.out)
    return s.failure(EIO);
  // On the disk before the rename, so that a crash leaves the old file or the
  // new one, never an empty one.
  if (!s.temporary.empty() && ::fsync(s.fd) != 0)
    return s.failure(errno);
  int fd = s.fd;
  s.fd = -1;
  if (::close(fd) != 0)
    return s.failure(errno);
  if (!s.temporary.empty()) {
    if (::rename(s.temporary.c_str(), s.target.c_str()) != 0)
      return s.failure(errno, "cannot rename '" + s.temporary + "' into place: ");
    s.temporary.clear();
  }
  return {};
}

std::string directory_of(const std::string& path) {
  auto slash = path.find_last_of('/');
  return slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
}

result<void> write_output_file(const std::string& path, const std::string& option,
                               const std::function<void(std::ostream&)>& write,
                               file_access access) {
  auto file = output_file::open(path, option, access);
  if (!file)
    return file.err();
  write(file->stream());
  return file->commit();
}

} // namespace actorbench::bench
