#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include <caf/actor.hpp>
#include <caf/atom.hpp>
#include <caf/delegated.hpp>
#include <caf/execution_unit.hpp>
#include <caf/message_id.hpp>
#include <caf/type_erased_tuple.hpp>
#include <caf/type_nr.hpp>

#include "actors/suite/sealed_message.hpp"

namespace actorbench::actors {

// A sealed payload travels in a CAF message as its fields, after the
// message's own: (..., std::uint32_t sender, std::uint64_t counter) with
// nothing sealed (crypto off), (..., sender, counter,
// std::vector<std::uint8_t> bytes) otherwise. Why two shapes: CAF 0.17
// matches a handler element by element, and std::vector<std::uint8_t> is
// not one of its built-in types, so each match compares type_info names
// (about 200 instructions per message, measured with callgrind); crypto off
// need not pay that. A receiver declares both shapes and opens both alike,
// so an unsealed payload with crypto on still counts as forged.

/// What a handler of a one-way message returns: CAF 0.17 otherwise builds a
/// response promise for each message handled (two reference counts and a
/// branch: about 170 instructions) only to find nobody waits for an answer.
using one_way = caf::delegated<void>;

/// Whether `xs` is (Atom, Ts...), for a default handler (CAF's handler of
/// messages no case matched) that takes the hot messages: one type token
/// and the atom's value instead of CAF 0.17's element-by-element match of
/// each case in turn (about 150 fewer instructions per message, measured
/// with callgrind). The token keeps 6 bits per type, the last five exactly;
/// the first element is checked apart.
template <class Atom, class... Ts>
bool is_message(const caf::type_erased_tuple& xs) {
  return xs.type_token() == caf::make_type_token<caf::atom_value, Ts...>()
         && xs.size() == 1 + sizeof...(Ts)
         && xs.matches(0, caf::type_nr<caf::atom_value>::value, nullptr)
         && xs.get_as<caf::atom_value>(0) == Atom::value;
}

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
