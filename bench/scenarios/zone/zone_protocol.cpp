#include "bench/scenarios/zone/zone_protocol.hpp"

namespace actorbench::actors {

namespace {

void put32(std::uint32_t v, std::uint8_t* out) noexcept {
  for (int i = 0; i < 4; ++i)
    out[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

std::uint32_t get32(const std::uint8_t* in) noexcept {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i)
    v |= static_cast<std::uint32_t>(in[i]) << (8 * i);
  return v;
}

} // namespace

void encode(const player_input& in, std::uint8_t* out) noexcept {
  put32(in.tick, out);
  put32(in.player, out + 4);
  put32(static_cast<std::uint32_t>(in.where.x), out + 8);
  put32(static_cast<std::uint32_t>(in.where.y), out + 12);
}

std::optional<player_input> decode_player_input(crypto::bytes_view bytes,
                                                std::size_t payload_bytes) noexcept {
  if (bytes.size != payload_bytes || bytes.size < player_input_size)
    return std::nullopt;
  player_input in;
  in.tick = get32(bytes.data);
  in.player = get32(bytes.data + 4);
  in.where.x = static_cast<std::int32_t>(get32(bytes.data + 8));
  in.where.y = static_cast<std::int32_t>(get32(bytes.data + 12));
  return in;
}

} // namespace actorbench::actors
