#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// `actorbench pingpong`: P pairs of actors, each doing N round trips one
/// after the other (the pong echoes the round-trip number, the ping checks
/// it); round trips per second and sampled round-trip latency.
std::unique_ptr<scenario> make_pingpong_scenario();

} // namespace actorbench::bench
