#pragma once

#include <string>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// The cipher benchmark's answer in one line, per message size: the fastest
/// case by median time per op and which others tie with it (their ratio's
/// 95% interval includes 1), or how much slower the next is: "fastest at
/// 64 B: nettle aes-128-gcm 132 ns; gcrypt ties (1.17x [0.96, 1.73])".
/// A case is named by its back-end and cipher, and context, direction and
/// threads where they vary; a tie or the next by what differs from the best. The no-op back-end "none" is left
/// out unless it alone ran.
std::string cipher_verdict(const scenario_results& r);

} // namespace actorbench::bench
