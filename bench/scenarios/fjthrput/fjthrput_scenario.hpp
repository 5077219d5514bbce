#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// Savina's fork-join throughput (`actorbench fjthrput`): a producer sends N
/// messages to each of A actors, round robin, each doing sin(theta)^2.
/// Messages per second; every actor's count and the sum are checked.
std::unique_ptr<scenario> make_fjthrput_scenario();

} // namespace actorbench::bench
