#pragma once

#include "bench/scenarios/shared/sealed_message.hpp"

namespace actorbench::actors {

/// A fault a test injects into a suite benchmark's run, to prove its
/// verification sees it. Runs from the command line always use none.
enum class suite_fault {
  none,
  /// One message's payload altered after sealing (one ciphertext bit flipped,
  /// or with crypto off its sender id changed): counts as forged or a mismatch.
  forge,
  /// One message's payload sent twice: counts as replayed.
  replay,
  /// One actor reports a wrong count, sum or token value: the benchmark's own
  /// mismatch check must count it.
  miscount,
};

/// Flips one bit of `p`'s ciphertext (or, with nothing sealed, moves its
/// counter back so its receiver sees a replay): what suite_fault::forge does
/// to the one message it picks.
inline void forge(sealed_payload& p) {
  if (!p.bytes.empty())
    p.bytes[p.bytes.size() / 2] ^= 0x01;
  else
    p.counter = p.counter == 0 ? 0 : p.counter - 1;
}

} // namespace actorbench::actors
