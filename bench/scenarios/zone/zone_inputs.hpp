#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "actors/error.hpp"
#include "bench/scenarios/zone/zone.hpp"
#include "bench/scenarios/zone/zone_protocol.hpp"
#include "crypto/bytes.hpp"

namespace actorbench::actors {

/// Every player's input packet for every tick, made by the clients' side
/// before the clock starts: the input (scripted_position) encrypted under
/// the player's session key with the tick number as nonce, so no nonce is
/// used twice with one key. With the "none" back-end the packet carries the
/// tick number in the nonce field and the input in the clear.
class zone_inputs {
 public:
  /// Packets for ticks 0..ticks-1 of every player of `z`. Errors:
  /// bad_parameter (no ticks, or more than 2^32), crypto_failure.
  static result<zone_inputs> make(const zone& z, std::size_t ticks);

  /// Bytes of one packet: nonce, encrypted payload (the input and its
  /// padding), tag.
  static std::size_t packet_size(const crypto::cipher_info& cipher,
                                 std::size_t payload_bytes = player_input_size) noexcept;

  /// Player `player`'s packet for tick `tick` (both in range).
  crypto::bytes_view packet(std::uint32_t tick, std::uint32_t player) const noexcept {
    return {data_.data() + (tick * players_ + player) * size_, size_};
  }

  std::size_t ticks() const noexcept { return ticks_; }

 private:
  zone_inputs(std::size_t players, std::size_t ticks, std::size_t size)
    : players_(players), ticks_(ticks), size_(size), data_(players * ticks * size) {}

  std::uint8_t* slot(std::uint32_t tick, std::uint32_t player) noexcept {
    return data_.data() + (tick * players_ + player) * size_;
  }

  std::size_t players_;
  std::size_t ticks_;
  std::size_t size_;
  /// Tick-major, so one tick's packets are contiguous.
  std::vector<std::uint8_t> data_;
};

} // namespace actorbench::actors
