// secure_session_cost: what the secure sessions of actors/session_pool cost.
//
//   secure_session_cost handshake LIB SECONDS
//     full handshakes (client begin, server respond, client finish) on one
//     thread for SECONDS with key agreement LIB (sodium or openssl); prints
//     handshakes/s and the server's share (respond alone) per second.
//   secure_session_cost window PACKETS
//     ns per packet of replay_window check + accept (in order, and reordered
//     within the window), and of channel_receiver::open against a bare
//     cipher_context decrypt of the same 64-byte packets (chacha20-poly1305,
//     sodium): the difference is what the session adds per packet.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "actors/session_pool/handshake.hpp"
#include "actors/session_pool/replay_window.hpp"
#include "actors/session_pool/secure_channel.hpp"
#include "crypto/registry.hpp"

using namespace actorbench;
using clk = std::chrono::steady_clock;

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: secure_session_cost handshake sodium|openssl SECONDS | window PACKETS\n");
  return 2;
}

double seconds_since(clk::time_point t) {
  return std::chrono::duration<double>(clk::now() - t).count();
}

int handshakes(const char* lib, double budget) {
  auto ka = crypto::find_key_agreement(lib);
  if (!ka) {
    std::fprintf(stderr, "secure_session_cost: %s\n", ka.err().detail.c_str());
    return 2;
  }
  auto id = actors::server_identity::generate(**ka);
  std::uint64_t n = 0;
  double server_s = 0;
  const auto start = clk::now();
  while (seconds_since(start) < budget) {
    auto c = actors::client_handshake::begin(**ka, id->public_key);
    const auto t = clk::now();
    auto a = actors::respond(**ka, *id, c->hello(), nullptr, 0);
    server_s += seconds_since(t);
    if (!a || !c->finish(a->reply))
      return 1;
    ++n;
  }
  const double total = seconds_since(start);
  std::printf("handshake %s: %.0f handshakes/s (both sides, one thread), server respond %.0f/s\n",
              lib, n / total, n / server_s);
  return 0;
}

double window_ns(std::size_t packets, bool reordered) {
  actors::replay_window w;
  volatile std::uint64_t fresh = 0;
  const auto t = clk::now();
  for (std::uint64_t i = 0; i < packets; ++i) {
    // Reordered: each pair swapped (1, 0, 3, 2, ...), all fresh.
    std::uint64_t c = reordered ? (i ^ 1) : i;
    if (w.check(c) == actors::replay_verdict::fresh) {
      w.accept(c);
      fresh = fresh + 1;
    }
  }
  return seconds_since(t) * 1e9 / packets;
}

int window(std::size_t packets) {
  std::printf("replay window check+accept: %.2f ns/packet in order, %.2f ns/packet reordered\n",
              window_ns(packets, false), window_ns(packets, true));
  const auto* b = *crypto::registry::instance().find("sodium");
  const auto* c = b->find_cipher("chacha20-poly1305");
  auto sender = actors::channel_sender::create(*b, *c, crypto::bytes(32, 1), {});
  auto receiver = actors::channel_receiver::create(*b, *c, crypto::bytes(32, 1), {});
  const std::string text(64, 'x');
  std::vector<crypto::bytes> sealed;
  sealed.reserve(packets);
  for (std::size_t i = 0; i < packets; ++i)
    sealed.push_back(*sender->seal(std::string_view{text}));
  auto ctx = std::move(*b->make_context(c->name, crypto::bytes(32, 1)));
  std::vector<std::uint8_t> nonce(c->nonce_size, 0), out(text.size());
  auto t = clk::now();
  for (const auto& p : sealed) {
    std::copy(p.begin(), p.begin() + 9, nonce.begin());
    if (!ctx->decrypt(nonce, {p.data() + 9, p.size() - 9}, out.data()))
      return 1;
  }
  const double bare = seconds_since(t) * 1e9 / packets;
  t = clk::now();
  for (const auto& p : sealed)
    if (receiver->open(p).verdict != actors::packet_verdict::ok)
      return 1;
  const double open = seconds_since(t) * 1e9 / packets;
  std::printf("64-byte packets: bare decrypt %.1f ns, channel_receiver::open %.1f ns (+%.1f ns)\n",
              bare, open, open - bare);
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::string_view{argv[1]} == "handshake") {
    const double s = std::atof(argv[3]);
    if (s > 0)
      return handshakes(argv[2], s);
    std::fprintf(stderr, "secure_session_cost: SECONDS '%s' (valid: a number above 0)\n", argv[3]);
    return 2;
  }
  if (argc == 3 && std::string_view{argv[1]} == "window") {
    const auto n = std::strtoull(argv[2], nullptr, 10);
    if (n > 0 && n <= 100'000'000)
      return window(n);
    std::fprintf(stderr, "secure_session_cost: PACKETS '%s' (valid: 1 to 100000000)\n", argv[2]);
    return 2;
  }
  return usage();
}
