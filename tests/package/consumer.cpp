// Runs the Erlang experiment's shape through the installed library only:
// 1000 actors on the pool's runtime, each decrypting an AES-128-CTR payload
// with its own cipher context and replying with the plaintext. Exits 0 only
// if every reply came back right.
#include <chrono>
#include <iostream>
#include <string_view>

#include <caf/actor_cast.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/scoped_actor.hpp>

#include "actors/runtime/runtime.hpp"
#include "crypto/registry.hpp"

using namespace actorbench;

namespace {

constexpr std::string_view plaintext = "the installed pool decrypts this";
constexpr int senders = 1000;

caf::behavior decrypting_sender(caf::event_based_actor* self, caf::actor collector,
                                std::shared_ptr<const crypto::cipher_context> prototype,
                                crypto::bytes nonce, crypto::bytes ciphertext) {
  auto ctx = prototype->clone();
  crypto::bytes out(ciphertext.size());
  auto n = ctx->decrypt(nonce, ciphertext, out.data());
  self->send(collector, n ? crypto::bytes(out.begin(), out.begin() + *n) : crypto::bytes{});
  self->quit();
  return {};
}

} // namespace

int main() {
  const auto& reg = crypto::registry::instance();
  auto backend = reg.find("openssl");
  if (!backend)
    return 1;
  const crypto::bytes key(16, 7), nonce(16, 1);
  auto made = (*backend)->make_context("aes-128-ctr", key);
  if (!made)
    return 1;
  std::shared_ptr<const crypto::cipher_context> prototype = std::move(*made);
  crypto::bytes ciphertext(plaintext.size());
  if (!prototype->clone()->encrypt(nonce, plaintext, ciphertext.data()))
    return 1;
  actors::runtime rt{{2, "stealing", {}}};
  caf::scoped_actor collector{rt.system()};
  for (int i = 0; i < senders; ++i)
    rt.system().spawn(decrypting_sender, caf::actor_cast<caf::actor>(collector), prototype, nonce,
                      ciphertext);
  int right = 0, replies = 0;
  bool timed_out = false;
  collector->receive_for(replies, senders)(
    [&](const crypto::bytes& text) {
      right += std::string_view{reinterpret_cast<const char*>(text.data()), text.size()} == plaintext;
    },
    caf::after(std::chrono::seconds{30}) >> [&] { timed_out = true; });
  std::cout << "consumer: " << replies << " replies, " << right << " right"
            << (timed_out ? ", timed out" : "") << '\n';
  return replies == senders && right == senders ? 0 : 1;
}
