#include "bench/scenarios/zone/zone_inputs.hpp"

#include <limits>
#include <string>

#include "bench/scenarios/zone/zone_protocol.hpp"

namespace actorbench::actors {

std::size_t zone_inputs::packet_size(const crypto::cipher_info& cipher,
                                     std::size_t payload_bytes) noexcept {
  return cipher.nonce_size + payload_bytes + cipher.overhead;
}

result<zone_inputs> zone_inputs::make(const zone& z, std::size_t ticks) {
  const auto& cipher = z.cipher();
  if (ticks == 0 || ticks > std::numeric_limits<std::uint32_t>::max())
    return error{errc::bad_parameter, "ticks " + std::to_string(ticks) + " outside 1..2^32-1"};
  if (cipher.nonce_size < 4)
    return error{errc::bad_parameter, cipher.name + " has a nonce too short for tick numbers"};
  zone_inputs out{z.players(), ticks, packet_size(cipher, z.payload_bytes())};
  // The padding after the input stays zero.
  std::vector<std::uint8_t> text(z.payload_bytes());
  for (std::uint32_t id = 0; id < z.players(); ++id) {
    auto ctx = z.backend().make_context(cipher.name, z.key(id));
    if (!ctx)
      return error{errc::crypto_failure, ctx.err().detail};
    for (std::uint32_t tick = 0; tick < ticks; ++tick) {
      auto* p = out.slot(tick, id);
      for (std::size_t i = 0; i < 4; ++i)
        p[i] = static_cast<std::uint8_t>(tick >> (8 * i));
      encode({tick, id, scripted_position(id, tick)}, text.data());
      auto n = (*ctx)->encrypt({p, cipher.nonce_size}, {text.data(), text.size()},
                               p + cipher.nonce_size);
      if (!n)
        return error{errc::crypto_failure, n.err().detail};
    }
  }
  return out;
}

} // namespace actorbench::actors
