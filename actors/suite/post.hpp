#pragma once

#include <utility>

#include <caf/actor.hpp>
#include <caf/delegated.hpp>
#include <caf/local_actor.hpp>
#include <caf/mailbox_element.hpp>
#include <caf/message_id.hpp>

namespace actorbench::actors {

/// Sends `xs...` from inside `self` to `dest` as an anonymous message: like
/// `self->send`, scheduled on self's worker, but without a sender. The
/// receiver never needs one (the payload names who sent it), and a sender
/// costs two atomic reference-count updates on self's control block per
/// message, a cache line the workers pass between them (RESULTS: issue 16).
template <class... Ts>
void post(caf::local_actor* self, const caf::actor& dest, Ts&&... xs) {
  if (dest)
    dest->enqueue(
      caf::make_mailbox_element(nullptr, caf::make_message_id(), {}, std::forward<Ts>(xs)...),
      self->context());
}

/// What a handler of a message that has no reply returns instead of void:
/// CAF then skips making a response promise for the (absent) requester, some
/// 175 instructions per message in the ring (RESULTS: issue 16).
using no_reply = caf::delegated<void>;

} // namespace actorbench::actors
