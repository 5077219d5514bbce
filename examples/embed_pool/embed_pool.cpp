// Embedding a session pool in a game server: 1000 sessions, each with its own
// AES-128-GCM key; a packet (nonce + ciphertext + tag) is decrypted by its
// session's actor and handed to a handler actor. Exits 0 only when every
// packet sent reached the handler and none failed.
#include <atomic>
#include <chrono>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/exit_reason.hpp>
#include <caf/send.hpp>

#include "actors/session_pool/session_pool.hpp"
#include "crypto/registry.hpp"

using namespace actorbench;
using counter = std::shared_ptr<std::atomic<std::uint32_t>>;

/// The server's game logic: gets every decrypted message with its session id.
caf::behavior print_handler(counter received) {
  return {[received](std::uint32_t id, const crypto::bytes& text) {
    std::cout << "session " << id << ": " << std::string(text.begin(), text.end()) << '\n';
    ++*received;
  }};
}

/// What a client sends: the nonce, then the ciphertext and tag. The nonce
/// counts packets per key, so each key's first packet has nonce 0.
crypto::bytes make_packet(const crypto::backend& b, const crypto::cipher_info& c,
                          const crypto::bytes& key, std::string_view text) {
  crypto::bytes packet(c.nonce_size + text.size() + c.overhead);
  auto ctx = b.make_context(c.name, key);
  if (!ctx || !(*ctx)->encrypt({packet.data(), c.nonce_size}, text, packet.data() + c.nonce_size))
    return {};
  return packet;
}

int main() {
  caf::actor_system_config cfg;
  caf::actor_system sys{cfg};
  auto received = std::make_shared<std::atomic<std::uint32_t>>(0);
  auto handler = sys.spawn(print_handler, received);
  const auto& openssl = **crypto::registry::instance().find("openssl");
  const auto* gcm = openssl.find_cipher("aes-128-gcm");
  actors::session_pool_config config;
  config.sessions = 1000;
  config.backend = &openssl;
  config.cipher = gcm;
  config.handler = handler;
  // Keys derived from a master key (a real server passes each client's as config.keys).
  config.master_key = crypto::bytes(16, 7);
  auto pool = actors::session_pool::create(sys, std::move(config));
  if (!pool)
    return std::cerr << pool.err().detail << '\n', 1;
  const std::uint32_t sent = 5;
  for (std::uint32_t id = 0; id < 1000; id += 1000 / sent)
    (*pool)->deliver(id, make_packet(openssl, *gcm, (*pool)->key(id), "hello, server"));
  for (int ms = 0; ms < 10000 && (*received < sent || (*pool)->metrics().handled() < sent); ++ms)
    std::this_thread::sleep_for(std::chrono::milliseconds{1}); // at most about 10 s
  auto m = (*pool)->metrics();
  std::cout << "delivered " << m.delivered << ", decrypted " << m.decrypted << " (" << m.bytes
            << " bytes), failures " << m.failures() << ", in flight " << m.in_flight << '\n';
  caf::anon_send_exit(handler, caf::exit_reason::user_shutdown); // after its queued messages
  return *received == sent && m.decrypted == sent && m.failures() == 0 ? 0 : 1;
}
