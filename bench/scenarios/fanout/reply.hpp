#pragma once

#include <array>
#include <cstdint>

#include <caf/meta/type_name.hpp>

#include "bench/scenarios/fanout/payload.hpp"

namespace actorbench::actors {

/// A sender's answer to the collector: its id and what it decrypted.
/// Fixed-size and trivially copyable, so a reply costs no allocation beyond
/// CAF's mailbox element.
struct reply {
  std::uint32_t id = 0;
  /// False when decryption failed (for example an AEAD tag did not verify).
  bool ok = true;
  std::uint8_t size = 0;
  std::array<std::uint8_t, max_plaintext_size> text{};
};

/// Lets CAF 0.17 carry `reply` in messages.
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, reply& x) {
  return f(caf::meta::type_name("actorbench.reply"), x.id, x.ok, x.size, x.text);
}

} // namespace actorbench::actors
