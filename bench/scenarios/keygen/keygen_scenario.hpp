#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// `actorbench keygen`: key generation scaling over threads (RSA, DH). One run is one
/// cell: `keys` keys of one algorithm and size, handed out one at a time to
/// `threads` worker actors each on its own thread; wall and thread-seconds
/// per key, and each key's own seconds.
std::unique_ptr<scenario> make_keygen_scenario();

} // namespace actorbench::bench
