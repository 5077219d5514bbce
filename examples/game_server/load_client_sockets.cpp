// A load-generator client's broker: over TCP on the connection CAF made,
// over UDP on its own socket connected to the server; either way the same
// behaviour on a client_state.

#include <cerrno>
#include <cstring>
#include <memory>
#include <string>

#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <caf/io/middleman.hpp>
#include <caf/io/network/ip_endpoint.hpp>
#include <caf/io/system_messages.hpp>

#include "load_client.hpp"

using namespace actorbench;

namespace game::load_generator {

namespace {

/// Either transport's client on `to`: its handshake begun, its state made.
caf::behavior client(caf::io::broker* self, link to, client_args args) {
  // A man in the middle presents another key than the one the client pins.
  const auto& pinned =
    args.result->kind == client_kind::mitm ? args.plan->wrong_server_key : args.plan->server_key;
  auto hs = actors::client_handshake::begin(*args.plan->ka, pinned);
  if (!hs) {
    args.result->failure = "no handshake: " + hs.err().detail;
    args.done->count_down();
    self->quit();
    return {};
  }
  auto st = std::make_shared<client_state>(self, to, *args.plan, *args.result, *args.done,
                                           std::move(*hs), args.seed);
  // Counted as done however it ends (main waits for every client before freeing the results).
  self->attach_functor([st] { st->on_exit(); });
  return {
    [st](go_atom) { st->go(); },
    [st](tick_atom) { st->tick(); },
    [st](const caf::io::new_data_msg& msg) { st->on_data(msg.buf.data(), msg.buf.size()); },
    [st](const caf::io::new_datagram_msg& msg) { st->on_data(msg.buf.data(), msg.buf.size()); },
    [st](const caf::io::connection_closed_msg&) { st->on_closed(); },
    [st](const caf::io::datagram_servant_closed_msg&) { st->on_closed(); },
  };
}

/// A UDP socket connected to `host`:`port` (the kernel then passes it only
/// datagrams from there) as a servant of `self`; an error names why not.
game::parsed<caf::io::datagram_handle> connected_udp(caf::io::broker* self, const std::string& host,
                                                     std::uint16_t port) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_DGRAM;
  addrinfo* found = nullptr;
  if (int rc = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found); rc != 0)
    return std::string{"cannot resolve '"} + host + "': " + ::gai_strerror(rc);
  std::unique_ptr<addrinfo, void (*)(addrinfo*)> guard{found, ::freeaddrinfo};
  int fd = ::socket(found->ai_family, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return std::string{"socket: "} + std::strerror(errno);
  if (::connect(fd, found->ai_addr, found->ai_addrlen) != 0) {
    std::string why = std::string{"connect: "} + std::strerror(errno);
    ::close(fd);
    return why;
  }
  caf::io::network::ip_endpoint ep;
  std::memcpy(ep.address(), found->ai_addr, found->ai_addrlen);
  *ep.length() = found->ai_addrlen;
  auto servant = self->backend().new_datagram_servant_for_endpoint(fd, ep);
  auto hdl = servant->hdl();
  self->add_datagram_servant(std::move(servant));
  return hdl;
}

} // namespace

caf::behavior tcp_client(caf::io::broker* self, caf::io::connection_handle hdl, client_args args) {
  return client(self, hdl, std::move(args));
}

/// A UDP client: its own socket, connected to the server.
caf::behavior udp_client(caf::io::broker* self, std::string host, std::uint16_t port,
                         client_args args) {
  auto hdl = connected_udp(self, host, port);
  if (!hdl) {
    args.result->failure = "no UDP socket: " + hdl.err();
    args.done->count_down();
    self->quit();
    return {};
  }
  return client(self, *hdl, std::move(args));
}

} // namespace game::load_generator
