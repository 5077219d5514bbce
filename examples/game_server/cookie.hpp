#pragma once

// The server's stateless UDP challenge (netcode's challenge token, WireGuard's
// cookie reply): a hello from an address that has not shown it receives at
// that address gets only a cookie, a keyed MAC of the address and port and a
// time slot; the hello is processed when it comes back with the cookie. The
// server keeps nothing per cookie, so a flood from spoofed addresses costs it
// one HMAC and one small reply per datagram, and no reply is larger than the
// datagram it answers.

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>

#include "crypto/bytes.hpp"
#include "crypto/key_agreement.hpp"
#include "packet_codec.hpp"

namespace game {

/// Makes and checks cookies under a random secret of its own (a restart
/// invalidates them all: clients are challenged again).
class cookie_jar {
 public:
  using clock = std::chrono::steady_clock;
  using cookie = std::array<std::uint8_t, cookie_size>;

  /// A cookie is valid in the slot it was made in and the next one: for
  /// `slot` to 2 * `slot` after it was made.
  static constexpr std::chrono::seconds default_slot{30};

  /// `ka` supplies HMAC-SHA256 and must outlive the jar; `secret` is 32 random bytes.
  cookie_jar(const actorbench::crypto::key_agreement& ka, bytes secret,
             std::chrono::seconds slot = default_slot);

  /// The cookie for `peer` (its address and port as bytes) now; none when
  /// the HMAC failed (a cookie from a failed HMAC would be anyone's).
  std::optional<cookie> make(bytes_view peer, clock::time_point now) const;

  /// Whether `given` is `peer`'s cookie of this slot or the one before (in
  /// constant time); false when the HMAC failed.
  bool check(bytes_view peer, bytes_view given, clock::time_point now) const;

 private:
  std::optional<cookie> make_in(bytes_view peer, std::int64_t slot) const;
  std::int64_t slot_of(clock::time_point now) const;

  const actorbench::crypto::key_agreement* ka_;
  bytes secret_;
  std::chrono::seconds slot_;
};

} // namespace game
