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

/// The session for one hello, or why there is none.
parsed<std::pair<std::uint32_t, crypto::bytes>> open_session(const handshake_context& ctx,
                                                              crypto::bytes_view hello) {
  auto pool = ctx.pool.lock();
  if (!pool)
    return std::string{"the server is stopping"};
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
  auto id = pool->open_secure(std::move(*rx));
  if (!id)
    return "no session: " + id.err().detail;
  return std::make_pair(*id, std::move(accepted->reply));
}

} // namespace

caf::behavior handshake_worker(caf::event_based_actor* self,
                               std::shared_ptr<const handshake_context> ctx, caf::actor broker) {
  return {
    [self, ctx, broker](handshake_atom, std::uint64_t ticket, const crypto::bytes& hello) {
      auto s = open_session(*ctx, hello);
      if (s)
        self->send(broker, welcomed_atom::value, ticket, s->first, std::move(s->second));
      else
        self->send(broker, refused_atom::value, ticket, s.err());
    },
  };
}

} // namespace game
