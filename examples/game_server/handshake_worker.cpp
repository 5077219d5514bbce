#include "handshake_worker.hpp"

#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <utility>

#include <caf/send.hpp>

#include "actors/session_pool/secure_channel.hpp"

namespace game {

namespace {

using namespace actorbench;

/// One hello's outcome: the session's receiving half, its sending half
/// when the broker seals to the client (UDP's `bye`), and the reply.
struct answered_hello {
  actors::channel_receiver receiver;
  std::optional<actors::channel_sender> sender;
  crypto::bytes reply;
};

/// The answer to one hello, or why there is none.
parsed<answered_hello> answer(const handshake_context& ctx, crypto::bytes_view hello) {
  const auto now = static_cast<std::uint64_t>(std::time(nullptr));
  auto accepted = actors::respond(*ctx.ka, ctx.identity, hello, nullptr, now);
  if (!accepted)
    return "handshake refused (" + std::string{actors::to_string(accepted.err().code)} + ")";
  auto rx = actors::channel_receiver::create(*ctx.aead.backend, *ctx.aead.cipher,
                                             std::move(accepted->keys.receive),
                                             actors::rekey_policy{}.grace);
  if (!rx)
    return "no channel: " + rx.err().detail;
  answered_hello a{std::move(*rx), std::nullopt, std::move(accepted->reply)};
  // Over TCP the server sends only verdicts, in clear (a connection's bytes
  // cannot be injected by a stranger): its send key is unused.
  if (!ctx.defer_sessions) {
    crypto::wipe(accepted->keys.send);
    return a;
  }
  auto tx = actors::channel_sender::create(*ctx.aead.backend, *ctx.aead.cipher,
                                           std::move(accepted->keys.send), actors::rekey_policy{});
  if (!tx)
    return "no channel: " + tx.err().detail;
  a.sender.emplace(std::move(*tx));
  return a;
}

} // namespace

caf::behavior handshake_worker(caf::event_based_actor* self,
                               std::shared_ptr<const handshake_context> ctx, caf::actor broker) {
  return {
    [self, ctx, broker](handshake_atom, std::uint64_t ticket, const crypto::bytes& hello) {
      auto pool = ctx->pool.lock();
      if (!pool)
        return self->send(broker, refused_atom::value, ticket,
                          std::string{"the server is stopping"});
      auto a = answer(*ctx, hello);
      if (!a)
        return self->send(broker, refused_atom::value, ticket, a.err());
      if (ctx->defer_sessions)
        return self->send(broker, pending_atom::value, ticket,
                          std::make_shared<actors::channel_receiver>(std::move(a->receiver)),
                          std::make_shared<actors::channel_sender>(std::move(*a->sender)),
                          std::move(a->reply));
      auto id = pool->open_secure(std::move(a->receiver));
      if (!id)
        return self->send(broker, refused_atom::value, ticket, "no session: " + id.err().detail);
      self->send(broker, welcomed_atom::value, ticket, *id, std::move(a->reply));
    },
  };
}

} // namespace game
