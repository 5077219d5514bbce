#include "output/fd_streambuf.hpp"

#include <cerrno>
#include <cstring>

#include <unistd.h>

namespace actorbench::bench {

namespace {

constexpr std::size_t buffer_size = 64 * 1024;

} // namespace

fd_streambuf::fd_streambuf(int fd, bool line_buffered)
  : fd_(fd), line_buffered_(line_buffered), buffer_(buffer_size) {
  setp(buffer_.data(), buffer_.data() + buffer_.size());
}

bool fd_streambuf::write_all(const char* data, std::size_t size) {
  while (size > 0 && error_ == 0) {
    auto n = ::write(fd_, data, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      error_ = errno;
    else if (n == 0)
      error_ = EIO; // write(2) never returns 0 for a non-empty write; do not spin on it
    else {
      data += n;
      size -= static_cast<std::size_t>(n);
    }
  }
  return error_ == 0;
}

bool fd_streambuf::flush() {
  auto pending = static_cast<std::size_t>(pptr() - pbase());
  // The buffer is emptied even when the write fails: what failed is lost
  // either way, and keeping it would make every later call fail on it again.
  setp(buffer_.data(), buffer_.data() + buffer_.size());
  if (error_ != 0)
    return false;
  return write_all(buffer_.data(), pending);
}

fd_streambuf::int_type fd_streambuf::overflow(int_type ch) {
  if (!flush())
    return traits_type::eof();
  if (traits_type::eq_int_type(ch, traits_type::eof()))
    return traits_type::not_eof(ch);
  *pptr() = traits_type::to_char_type(ch);
  pbump(1);
  if (line_buffered_ && traits_type::to_char_type(ch) == '\n' && !flush())
    return traits_type::eof();
  return ch;
}

std::streamsize fd_streambuf::xsputn(const char* data, std::streamsize size) {
  if (error_ != 0)
    return 0;
  auto n = static_cast<std::size_t>(size);
  auto room = static_cast<std::size_t>(epptr() - pptr());
  if (n <= room) {
    std::memcpy(pptr(), data, n);
    pbump(static_cast<int>(n));
  } else if (!flush() || !write_all(data, n)) {
    // Larger than what is left: written directly rather than in pieces.
    return 0;
  }
  if (line_buffered_ && std::memchr(data, '\n', n) != nullptr && !flush())
    return 0;
  return size;
}

int fd_streambuf::sync() {
  return flush() ? 0 : -1;
}

} // namespace actorbench::bench
