#pragma once

#include <cstddef>

#include "bench/scenarios/shared/cipher_choice.hpp"
#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// Ticks a zone run may miss and still keep up: 1% of its slots, rounded
/// down (so none in runs under 100 ticks).
std::size_t zone_allowed_missed(std::size_t ticks_scheduled) noexcept;

/// Slots a zone configuration schedules: its duration times its tick rate.
std::size_t zone_ticks_of(const configuration& c);

/// --payload-bytes of `c`; the input's 16 bytes when it has none (results
/// saved before the option, configurations made by hand).
std::size_t zone_payload_bytes(const configuration& c);

/// The zone's runs: each on a fresh actor system of the configuration's
/// threads, as `actorbench zone` always ran them; the back-ends and ciphers
/// were resolved by start(), by the key zone_cipher_key names.
class zone_session : public scenario_session {
 public:
  /// `ciphers`: zone_cipher_key -> what that key decrypts with.
  explicit zone_session(by_name<cipher_choice> ciphers) : ciphers_(std::move(ciphers)) {}

  result<run_record> run(run_context& ctx) override;

  /// The back-end and cipher, as resolved.
  by_name<fact> facts(const configuration& c) const override;

  /// Seconds of ticks: the players' setup is small beside them.
  double cost_hint(const configuration& c) const override;

  /// The find-max criterion: p99 tick latency under the budget, at most
  /// zone_allowed_missed ticks missed, and neither stopped nor cut short.
  bool keeps_up(const configuration& c, const run_record& r) const override;

  /// "at 20 Hz with p99 under 50 ms and at most 1% of ticks missed".
  std::string keeps_up_criterion(const configuration& c) const override;

 private:
  by_name<cipher_choice> ciphers_;
};

/// "none" with crypto off, else "BACKEND/CIPHER" (the cipher's name alone
/// when no back-end was named): one entry per distinct
/// way of decrypting in zone_session's table.
std::string zone_cipher_key(const configuration& c);

} // namespace actorbench::bench
