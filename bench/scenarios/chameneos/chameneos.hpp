#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>

#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/scenarios/shared/suite_fault.hpp"

namespace actorbench::actors {

// Savina's chameneos: C creatures and a mall. A creature asks the mall to
// meet; the mall holds the first asker and, at the second, tells the held
// one its partner's id and colour; that one takes complement(own, other)
// and tells the partner the new colour (and its own old one), then both ask
// again. After M meetings the mall answers every ask with a stop; each
// creature replies with its meeting count and quits.

/// A creature's colour: blue, red, yellow (creature i starts with i mod 3).
enum class chameneos_colour : std::uint8_t { blue = 0, red = 1, yellow = 2 };

/// The colour both creatures of a meeting take: `a` when the two are alike,
/// the third colour otherwise.
constexpr chameneos_colour complement(chameneos_colour a, chameneos_colour b) noexcept {
  return a == b ? a : static_cast<chameneos_colour>(3 - static_cast<int>(a) - static_cast<int>(b));
}

/// One chameneos run.
struct chameneos_params {
  std::size_t creatures = 100;
  std::size_t meetings = 200'000;
  /// The longest the run may take; on expiry its actors are killed.
  std::chrono::milliseconds timeout{60'000};
  suite_fault fault = suite_fault::none;
};

/// What one run found. Every check counts into `mismatches`.
struct chameneos_sample {
  /// From the first spawn until the mall's last check.
  double elapsed_s = 0;
  /// Meetings the mall arranged.
  std::uint64_t meetings = 0;
  /// Sum of the meeting counts the creatures reported (2M when right).
  std::uint64_t creature_meetings = 0;
  /// Failed checks: the mall's meeting count, the creatures' sum, a
  /// creature's reported count against the mall's record of it, a colour
  /// that does not follow the rule (checked by the creature told the new
  /// colour and by the mall at each creature's next ask), a creature met
  /// by itself, a creature stopped or reporting twice or never.
  std::uint64_t mismatches = 0;
};

/// Runs one chameneos on `system`. Messages carry payloads sealed by
/// `keys` (crypto off: counters only). Fails with errc::timeout if the
/// mall has not had every creature's count within `params.timeout`.
result<chameneos_sample> run_chameneos(caf::actor_system& system, const seal_keys& keys,
                                       const chameneos_params& params);

} // namespace actorbench::actors
