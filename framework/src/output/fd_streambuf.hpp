#pragma once

#include <streambuf>
#include <vector>

namespace actorbench::bench {

/// A stream buffer that writes to a file descriptor with write(2) and keeps
/// the errno of the first write that failed, so that an error message can
/// name the reason (std::ofstream and stdio only say that something failed).
///
/// After a failure every further write is refused, and the stream it serves
/// goes bad. The descriptor is neither owned nor closed.
class fd_streambuf : public std::streambuf {
 public:
  /// Writes to `fd` (-1: every write fails with EBADF). `line_buffered`
  /// writes at every '\n', as stdio does for a terminal.
  explicit fd_streambuf(int fd, bool line_buffered = false);
  fd_streambuf(const fd_streambuf&) = delete;
  fd_streambuf& operator=(const fd_streambuf&) = delete;

  /// Writes what is buffered; false if that or an earlier write failed.
  bool flush();

  /// The errno of the first failed write, 0 while none failed.
  int error() const noexcept { return error_; }

 protected:
  int_type overflow(int_type ch) override;
  std::streamsize xsputn(const char* data, std::streamsize size) override;
  int sync() override;

 private:
  bool write_all(const char* data, std::size_t size);

  int fd_;
  bool line_buffered_;
  int error_ = 0;
  std::vector<char> buffer_;
};

} // namespace actorbench::bench
