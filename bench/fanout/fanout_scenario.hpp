#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// The fan-out of seed 001: a collector and --procs senders that each
/// (with --crypto on) decrypt the seed's payload and reply; its default
/// table is the seed-001 view.
std::unique_ptr<scenario> make_fanout_scenario();

} // namespace actorbench::bench
