// What an embedder's program gets from the install tree. Built twice by
// tests/package: with actorbench::caf_protections (PROTECTED=1) it checks
// that each protection is active, and that one BASP header declaring a
// 4 GiB payload, sent to an actor it published, is refused with the peer
// dropped and its RSS at most 64 MiB above what it was; without the
// component (PROTECTED=0) it checks that remote_runtime refuses to start,
// naming the missing protection and the CMake line, and that the opt-out
// starts it. Exits 0 when all holds, 1 with a line on stderr otherwise.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <chrono>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>

#include <caf/send.hpp>

#include "actors/remote/basp_payload_limit.hpp"
#include "actors/remote/caf_protections.hpp"
#include "actors/remote/hello.hpp"
#include "actors/remote/remote_runtime.hpp"

using namespace actorbench;
using namespace std::chrono_literals;

namespace {

int fail(const std::string& why) {
  std::cerr << "protections_consumer: " << why << '\n';
  return 1;
}

/// A line of /proc/self/status in bytes: "VmRSS:" (resident now) or
/// "VmHWM:" (the peak so far).
std::uint64_t status_bytes(const std::string& field) {
  std::ifstream status{"/proc/self/status"};
  for (std::string line; std::getline(status, line);)
    if (line.rfind(field, 0) == 0)
      return std::stoull(line.substr(field.size())) * 1024;
  return 0;
}

/// CAF 0.17's BASP header, in network byte order: operation, two padding
/// bytes, flags, payload length, operation data, source and destination
/// actor. Operation 1 is the client's handshake.
std::string oversized_header() {
  std::string h(32, '\0');
  h[0] = 1;
  std::uint32_t declared = htonl(0xFFFFFFF0u);
  std::memcpy(&h[4], &declared, 4);
  return h;
}

/// Sends the header to 127.0.0.1:port; true when the server then closes
/// the connection within 10 s (it sends its own handshake first).
bool header_dropped(std::uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  timeval tv{10, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  bool closed = false;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
    auto h = oversized_header();
    if (::send(fd, h.data(), h.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(h.size())) {
      char buf[4096];
      for (;;) {
        auto n = ::recv(fd, buf, sizeof buf, 0);
        if (n > 0)
          continue;
        closed = n == 0 || errno == ECONNRESET;
        break;
      }
    }
  }
  ::close(fd);
  return closed;
}

actors::remote_settings small_settings() {
  actors::remote_settings s;
  s.scheduler.threads = 1;
  return s;
}

} // namespace

int main() {
#if PROTECTED
  auto missing = actors::caf_protections::enable(true);
  for (const auto& m : missing)
    std::cerr << "protections_consumer: not active: " << m << '\n';
  if (!missing.empty())
    return fail("linked with actorbench::caf_protections, yet protections are not active");
  auto rt = actors::remote_runtime::create(small_settings());
  if (!rt)
    return fail(rt.err().detail);
  auto hello = (*rt)->system().spawn(actors::hello_actor,
                                     std::make_shared<std::atomic<std::uint64_t>>(0));
  auto port = (*rt)->publish(hello, 0, "127.0.0.1", 5s);
  if (!port)
    return fail(port.err().detail);
  auto before = status_bytes("VmRSS:");
  bool dropped = header_dropped(*port);
  auto after = status_bytes("VmHWM:"); // the peak, however short

  auto refused = actors::basp_payload_limit::take();
  // The actor system waits for its actors when it goes.
  caf::anon_send_exit(hello, caf::exit_reason::user_shutdown);
  std::cout << "protections_consumer: every protection active; a 4 GiB BASP header: RSS "
            << before / 1048576.0 << " MiB before, peak " << after / 1048576.0 << " MiB, "
            << refused.count << " refused\n";
  if (!dropped)
    return fail("the connection that sent a 4 GiB BASP header was not closed within 10 s");
  if (after > before + (64u << 20))
    return fail("RSS grew by more than 64 MiB after a 4 GiB BASP header");
  if (refused.count != 1 || !actors::basp_payload_limit::active())
    return fail("basp_payload_limit did not record the refused header");
  return 0;
#else
  auto rt = actors::remote_runtime::create(small_settings());
  if (rt)
    return fail("remote_runtime started without actorbench::caf_protections");
  const auto& why = rt.err().detail;
  std::cout << "protections_consumer: refused as expected: " << why << '\n';
  for (const char* part : {"cannot start remote actors", "basp_payload_limit", "fd_reserve",
                           actors::caf_protections::link_line})
    if (why.find(part) == std::string::npos)
      return fail("the refusal does not say '" + std::string{part} + "': " + why);
  auto opted_out = small_settings();
  opted_out.require_caf_protections = false;
  auto unprotected = actors::remote_runtime::create(opted_out);
  if (!unprotected)
    return fail("the opt-out did not start: " + unprotected.err().detail);
  return 0;
#endif
}
