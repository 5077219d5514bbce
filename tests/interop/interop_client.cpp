// The C++ side of the interoperation test against a responder written on
// dissononce (responder_test.py): a client of the game server's protocol
// over TCP that completes the handshake (client_handshake), then sends
// sealed packets (each must be accepted; its sender moves an epoch every two,
// so they span epochs 0 and 1), a tampered one (forged), a replay
// (duplicate), and opens the packet the responder seals back two epochs on.
//
//   interop_client PORT SERVER_KEY_HEX
// Exit 0 when all of that holds; 1 with the reason; 2 for bad arguments.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "actors/session_pool/handshake.hpp"
#include "actors/session_pool/secure_channel.hpp"
#include "crypto/registry.hpp"
#include "packet_codec.hpp"

using namespace actorbench;

namespace {

int fail(const std::string& why) {
  std::fprintf(stderr, "interop_client: %s\n", why.c_str());
  return 1;
}

bool send_frame(int fd, game::frame_type type, crypto::bytes_view payload) {
  const crypto::bytes f = game::encode_frame(type, payload);
  return ::send(fd, f.data(), f.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(f.size());
}

// One frame; nothing on a timeout (5 s), a closed connection or a bad frame.
std::optional<std::pair<game::frame_type, crypto::bytes>> receive_frame(int fd) {
  crypto::bytes in;
  std::uint8_t buf[4096];
  for (;;) {
    auto decoded = game::decode_frame(in);
    if (!decoded)
      return std::nullopt;
    if (*decoded) {
      const auto& f = **decoded;
      return std::pair{f.type, crypto::bytes(f.payload.data, f.payload.data + f.payload.size)};
    }
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0)
      return std::nullopt;
    in.insert(in.end(), buf, buf + n);
  }
}

std::string verdict(int fd) {
  auto f = receive_frame(fd);
  if (!f)
    return "no answer";
  // Verdicts name their packet: its epoch, counter and last 8 bytes
  // (game::packet_id_size) follow the reason byte of a rejection.
  if (f->first == game::frame_type::accepted && f->second.size() == game::packet_id_size)
    return "accepted";
  if (f->first == game::frame_type::rejected && f->second.size() == 1 + game::packet_id_size)
    return f->second[0] == 2 ? "forged" : f->second[0] == 3 ? "duplicate" : "rejected";
  return "frame type " + std::to_string(static_cast<int>(f->first));
}

} // namespace

int main(int argc, char** argv) {
  const auto key = argc == 3 ? crypto::from_hex(argv[2]) : std::nullopt;
  const int port = argc == 3 ? std::atoi(argv[1]) : 0;
  if (!key || key->size() != 32 || port <= 0 || port > 65535) {
    std::fprintf(stderr, "usage: interop_client PORT SERVER_KEY_HEX (64 hex digits)\n");
    return 2;
  }
  const auto& ka = **crypto::find_key_agreement("openssl");
  const auto* backend = *crypto::registry::instance().find("openssl");
  const auto* aead = backend->find_cipher("chacha20-poly1305");
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  timeval tv{5, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0)
    return fail("cannot connect to port " + std::to_string(port));

  auto client = actors::client_handshake::begin(ka, *key);
  if (!client || !send_frame(fd, game::frame_type::hello, client->hello()))
    return fail("cannot send the hello");
  auto welcome = receive_frame(fd);
  if (!welcome || welcome->first != game::frame_type::welcome)
    return fail("no welcome");
  auto keys = client->finish(welcome->second);
  if (!keys)
    return fail("the responder's reply: " + keys.err().detail);
  actors::rekey_policy policy;
  policy.after_packets = 2;
  auto channel = actors::secure_channel::create(*backend, *aead, *keys, policy);
  if (!channel)
    return fail(channel.err().detail);

  crypto::bytes first;
  for (int i = 0; i < 3; ++i) {
    auto p = channel->seal(std::string_view{"move"});
    if (!p || !send_frame(fd, game::frame_type::packet, *p))
      return fail("cannot send a packet");
    if (i == 0)
      first = *p;
    const std::string v = verdict(fd);
    if (v != "accepted")
      return fail("sealed packet " + std::to_string(i) + ": " + v + ", not accepted");
  }
  auto tampered = channel->seal(std::string_view{"tampered"});
  (*tampered)[tampered->size() - 1] ^= 1;
  send_frame(fd, game::frame_type::packet, *tampered);
  if (const std::string v = verdict(fd); v != "forged")
    return fail("tampered packet: " + v + ", not forged");
  send_frame(fd, game::frame_type::packet, first);
  if (const std::string v = verdict(fd); v != "duplicate")
    return fail("replayed packet: " + v + ", not duplicate");
  // The other direction: the responder seals one packet to us.
  send_frame(fd, game::frame_type::stats_request, {});
  auto back = receive_frame(fd);
  if (!back || back->first != game::frame_type::packet)
    return fail("no packet from the responder");
  auto opened = channel->open(back->second);
  if (opened.verdict != actors::packet_verdict::ok
      || std::string(opened.plaintext.begin(), opened.plaintext.end()) != "from the responder")
    return fail(std::string("the responder's packet: ") + std::string(to_string(opened.verdict)));
  ::close(fd);
  std::printf("interop_client: OK: handshake, 3 accepted, 1 forged, 1 duplicate, 1 opened\n");
  return 0;
}
