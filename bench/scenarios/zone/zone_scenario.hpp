#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// The game zone of an MMO server (`actorbench zone`): each tick every
/// player session decrypts its input packet and sends its position to a
/// zone actor, which broadcasts the state to every player. Tick latency
/// percentiles and missed ticks per run; with --find-max, the largest
/// player count that keeps up.
std::unique_ptr<scenario> make_zone_scenario();

} // namespace actorbench::bench
