#pragma once

// What the players, the zone and the tick driver of a zone simulation say to
// each other, and the scripted movement that lets both ends check it.

#include <cstddef>
#include <cstdint>
#include <optional>

#include <caf/atom.hpp>
#include <caf/meta/type_name.hpp>

#include "crypto/bytes.hpp"

namespace actorbench::actors {

/// Driver to zone: (zone_tick_atom, std::uint32_t tick) opens a tick.
using zone_tick_atom = caf::atom_constant<caf::atom("ztick")>;
/// Zone to every player: (zone_state_atom, std::uint32_t tick,
/// std::vector<position>) is the state after the tick, indexed by player id.
using zone_state_atom = caf::atom_constant<caf::atom("zstate")>;
/// Once, to the zone: (zone_players_atom, std::vector<caf::actor>) names the
/// player sessions it broadcasts to, indexed by player id.
using zone_players_atom = caf::atom_constant<caf::atom("zplayers")>;

/// Where a player is.
struct position {
  std::int32_t x = 0;
  std::int32_t y = 0;

  friend bool operator==(const position& a, const position& b) noexcept {
    return a.x == b.x && a.y == b.y;
  }
  friend bool operator!=(const position& a, const position& b) noexcept { return !(a == b); }
};

/// Lets CAF 0.17 carry positions in messages.
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, position& x) {
  return f(caf::meta::type_name("actorbench.position"), x.x, x.y);
}

/// Where player `id`'s client moves at `tick`: a deterministic walk, so the
/// state a player gets back can be checked against what its client sent.
constexpr position scripted_position(std::uint32_t id, std::uint32_t tick) noexcept {
  return {static_cast<std::int32_t>((id * 7u + tick * 3u) % 4096u),
          static_cast<std::int32_t>((id * 13u + tick * 5u) % 4096u)};
}

/// A player's input for one tick, the plaintext of its packet.
struct player_input {
  std::uint32_t tick = 0;
  std::uint32_t player = 0;
  position where;
};

/// Bytes of an encoded player_input: four little-endian 32-bit fields.
inline constexpr std::size_t player_input_size = 16;

/// Writes `in` to `out`, which must hold player_input_size bytes.
void encode(const player_input& in, std::uint8_t* out) noexcept;

/// The input at the start of `bytes`; nothing unless it is exactly
/// `payload_bytes` long (the input, then padding), and that at least
/// player_input_size.
std::optional<player_input> decode_player_input(crypto::bytes_view bytes,
                                                std::size_t payload_bytes
                                                = player_input_size) noexcept;

} // namespace actorbench::actors
