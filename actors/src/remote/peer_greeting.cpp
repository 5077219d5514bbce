#include "remote/peer_greeting.hpp"

#include <cerrno>
#include <string>

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace actorbench::actors {

namespace {

using clock_type = std::chrono::steady_clock;

// Milliseconds left until `deadline`, for poll(); 0 once it has passed.
int remaining_ms(clock_type::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now());
  return left.count() > 0 ? static_cast<int>(left.count()) : 0;
}

// One record header of TLS (content types 20..23, version 3.x): what a TLS
// peer sends, alerts included.
bool looks_like_tls(const std::string& b) {
  return b.size() >= 2 && b[0] >= 0x14 && b[0] <= 0x17 && b[1] == 0x03;
}

// CAF 0.17's BASP header starts with the operation (0: server handshake)
// and two padding bytes, all zero in what a server sends first.
bool looks_like_basp(const std::string& b) {
  return b.size() >= 3 && b[0] == 0 && b[1] == 0 && b[2] == 0;
}

// The greeting's first line as text, unprintable bytes as '.'.
std::string printable(const std::string& b) {
  std::string out;
  for (char c : b) {
    if (c == '\r' || c == '\n')
      break;
    out += c >= 0x20 && c < 0x7f ? c : '.';
  }
  return out;
}

// Connects `fd` to `addr` by `deadline`.
bool connect_by(int fd, const addrinfo& addr, clock_type::time_point deadline) {
  if (::connect(fd, addr.ai_addr, addr.ai_addrlen) == 0)
    return true;
  if (errno != EINPROGRESS)
    return false;
  pollfd p{fd, POLLOUT, 0};
  if (::poll(&p, 1, remaining_ms(deadline)) != 1)
    return false;
  int err = 0;
  socklen_t len = sizeof err;
  return ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0;
}

} // namespace

peer_greeting listen_to_peer(const std::string& host, std::uint16_t port,
                             std::chrono::milliseconds wait) {
  peer_greeting out;
  auto deadline = clock_type::now() + wait;
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0)
    return out;
  int fd = ::socket(found->ai_family, found->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                    found->ai_protocol);
  if (fd >= 0 && connect_by(fd, *found, deadline)) {
    out.connected = true;
    char buf[peer_greeting::max_bytes];
    while (out.bytes.size() < peer_greeting::max_bytes) {
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, remaining_ms(deadline)) != 1)
        break;
      auto n = ::recv(fd, buf, peer_greeting::max_bytes - out.bytes.size(), 0);
      if (n < 0 && (errno == EINTR || errno == EAGAIN))
        continue;
      if (n <= 0) { // a reset counts as closed too
        out.closed = true;
        break;
      }
      out.bytes.append(buf, static_cast<std::size_t>(n));
    }
  }
  if (fd >= 0)
    ::close(fd);
  ::freeaddrinfo(found);
  return out;
}

std::string explain_failed_handshake(handshake_end how, const peer_greeting& greeting) {
  const auto& b = greeting.bytes;
  std::string what = how == handshake_end::closed
                       ? "the peer closed the connection during the handshake"
                       : "the peer answered the handshake in another protocol than CAF's BASP";
  if (looks_like_tls(b))
    return what + "; it speaks TLS (does the server expect TLS?)";
  if (looks_like_basp(b))
    return what + "; it is a CAF server, which refused this client";
  if (!b.empty())
    return what + ": it is not an actorbench server (it greets with '" + printable(b) + "')";
  if (greeting.connected && !greeting.closed && how == handshake_end::closed)
    return what + " and sends nothing first, as a TLS server does with a plain client (does "
                  "the server expect TLS?)";
  if (!greeting.connected)
    return what;
  if (greeting.closed)
    return what + ": it is not an actorbench server (it closes connections at once)";
  return what + ": it is not an actorbench server";
}

} // namespace actorbench::actors
