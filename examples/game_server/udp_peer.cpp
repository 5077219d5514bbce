#include "udp_peer.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <caf/io/network/datagram_servant_impl.hpp>

namespace game {

namespace {

// The servant's handler is private; an explicit instantiation may name a
// private member (C++17 [temp.explicit]), which this uses to read it.
using handler_type = caf::io::network::datagram_handler_impl<caf::policy::udp>;
using handler_member = handler_type caf::io::network::datagram_servant_impl::*;

handler_member handler_of_servant();

template <handler_member M>
struct expose_handler {
  friend handler_member handler_of_servant() { return M; }
};
template struct expose_handler<&caf::io::network::datagram_servant_impl::handler_>;

using writer_member = caf::io::network::datagram_handler::manager_ptr caf::io::network::datagram_handler::*;

writer_member writer_of_handler();

template <writer_member M>
struct expose_writer {
  friend writer_member writer_of_handler() { return M; }
};
template struct expose_writer<&caf::io::network::datagram_handler::writer_>;

} // namespace

namespace {

const caf::io::network::ip_endpoint* endpoint_of(caf::io::datagram_servant& servant,
                                                 caf::io::datagram_handle hdl) {
  auto* impl = dynamic_cast<caf::io::network::datagram_servant_impl*>(&servant);
  if (impl == nullptr)
    return nullptr;
  auto& endpoints = (impl->*handler_of_servant()).endpoints();
  auto i = endpoints.find(hdl);
  return i == endpoints.end() ? nullptr : &i->second;
}

} // namespace

void release_writer(caf::io::datagram_servant& servant) {
  if (auto* impl = dynamic_cast<caf::io::network::datagram_servant_impl*>(&servant))
    ((impl->*handler_of_servant()).*writer_of_handler()).reset();
}

bool send_to_peer(caf::io::datagram_servant& servant, int fd, caf::io::datagram_handle hdl,
                  const std::uint8_t* data, std::size_t size) {
  const auto* ep = endpoint_of(servant, hdl);
  if (ep == nullptr)
    return false;
  auto n = ::sendto(fd, data, size, MSG_DONTWAIT | MSG_NOSIGNAL, ep->caddress(),
                    static_cast<socklen_t>(*ep->clength()));
  return n == static_cast<ssize_t>(size);
}

std::optional<udp_peer> peer_of(caf::io::datagram_servant& servant, caf::io::datagram_handle hdl) {
  const auto* ep = endpoint_of(servant, hdl);
  if (ep == nullptr)
    return std::nullopt;
  const sockaddr* sa = ep->caddress();
  udp_peer out;
  char text[INET6_ADDRSTRLEN] = {};
  std::uint16_t port = 0;
  if (sa->sa_family == AF_INET) {
    auto* in = reinterpret_cast<const sockaddr_in*>(sa);
    auto* a = reinterpret_cast<const std::uint8_t*>(&in->sin_addr);
    out.host.push_back(4);
    out.host.insert(out.host.end(), a, a + 4);
    port = ntohs(in->sin_port);
    inet_ntop(AF_INET, &in->sin_addr, text, sizeof text);
    out.text = std::string{text} + ':' + std::to_string(port);
  } else if (sa->sa_family == AF_INET6) {
    auto* in = reinterpret_cast<const sockaddr_in6*>(sa);
    auto* a = reinterpret_cast<const std::uint8_t*>(&in->sin6_addr);
    out.host.push_back(6);
    out.host.insert(out.host.end(), a, a + 16);
    port = ntohs(in->sin6_port);
    inet_ntop(AF_INET6, &in->sin6_addr, text, sizeof text);
    out.text = '[' + std::string{text} + "]:" + std::to_string(port);
  } else {
    return std::nullopt;
  }
  out.key = out.host;
  out.key.push_back(static_cast<std::uint8_t>(port >> 8));
  out.key.push_back(static_cast<std::uint8_t>(port));
  return out;
}

} // namespace game
