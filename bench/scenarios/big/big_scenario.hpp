#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// Savina's big (`actorbench big`): W actors each ping random peers N times,
/// one ping at a time, and report to a sink; pings and pongs per second,
/// every pong checked against the ping it answers.
std::unique_ptr<scenario> make_big_scenario();

} // namespace actorbench::bench
