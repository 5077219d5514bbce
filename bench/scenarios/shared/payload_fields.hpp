#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include <caf/actor.hpp>
#include <caf/execution_unit.hpp>
#include <caf/message_id.hpp>

#include "bench/scenarios/shared/sealed_message.hpp"

namespace actorbench::actors {

// A sealed payload travels in a CAF message as its fields, after the
// message's own: (..., std::uint32_t sender, std::uint64_t counter) with
// nothing sealed (crypto off), (..., sender, counter,
// std::vector<std::uint8_t> bytes) otherwise. Why two shapes:
// std::vector<std::uint8_t> is not one of CAF's built-in types, so matching
// it compares type_info names, while a message of built-in types alone is
// matched by its type token; crypto off need not pay that. A receiver takes
// both shapes and opens both alike, so an unsealed payload with crypto on
// still counts as forged.

/// The sender's next payload. Should the cipher fail, the payload goes out
/// with its counter but unsealed, and its receiver counts it forged: a run
/// never passes with a message left unverified.
inline sealed_payload seal_next(message_sealer& sealer) {
  auto p = sealer.seal();
  if (p)
    return std::move(*p);
  return sealed_payload{sealer.sender(), 0, {}};
}

/// Sends `xs...` and then `p`'s fields to `to`, with no sender (receivers
/// here never answer the sender; a sender handle costs two atomic
/// reference counts per message) from an actor running on `ctx`, so CAF
/// schedules the receiver on the same worker as it does for send().
template <class... Ts>
void send_sealed(caf::execution_unit* ctx, const caf::actor& to, sealed_payload&& p, Ts&&... xs) {
  if (p.bytes.empty())
    to->eq_impl(caf::make_message_id(), nullptr, ctx, std::forward<Ts>(xs)..., p.sender, p.counter);
  else
    to->eq_impl(caf::make_message_id(), nullptr, ctx, std::forward<Ts>(xs)..., p.sender, p.counter,
                std::move(p.bytes));
}

/// Opens the payload a message carried as fields; the bytes are moved out.
inline open_verdict open_fields(message_opener& opener, std::uint32_t sender, std::uint64_t counter,
                                std::vector<std::uint8_t>&& bytes = {}) {
  sealed_payload p{sender, counter, std::move(bytes)};
  return opener.open(p);
}

} // namespace actorbench::actors
