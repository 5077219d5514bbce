#include "handshake_worker.hpp"

#include <cstdint>
#include <ctime>
#include <string>
#include <utility>

#include <caf/send.hpp>

#include "actors/session_pool/secure_channel.hpp"

namespace game {

namespace {

using namespace actorbench;

/// A session's receiving half for one hello and the reply, or why not.
parsed<std::pair<actors::channel_receiver, crypto::bytes>> answer(const handshake_context& ctx,
                                                                   crypto::bytes_view hello) {
  const auto now = static_cast<std::uint64_t>(std::time(nullptr));
  auto accepted = actors::respond(*ctx.ka, ctx.identity, hello, nullptr, now);
  if (!accepted)
    return "handshake refused (" + std::string{actors::to_string(accepted.err().code)} + ")";
  // This demo's server only answers verdicts, in clear: its send key is unused.
  crypto::wipe(accepted->keys.send);
  auto rx = actors::channel_receiver::create(*ctx.aead.backend, *ctx.aead.cipher,
                                             std::move(accepted->keys.receive),
                                             actors::rekey_policy{}.grace);
  if (!rx)
    return "no channel: " + rx.err().detail;
  return std::make_pair(std::move(*rx), std::move(accepted->reply));
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
      auto& [rx, reply] = *a;
      if (ctx->defer_sessions)
        return self->send(broker, pending_atom::value, ticket,
                          std::make_shared<actors::channel_receiver>(std::move(rx)),
                          std::move(reply));
      auto id = pool->open_secure(std::move(rx));
      if (!id)
        return self->send(broker, refused_atom::value, ticket, "no session: " + id.err().detail);
      self->send(broker, welcomed_atom::value, ticket, *id, std::move(reply));
    },
  };
}

} // namespace game
