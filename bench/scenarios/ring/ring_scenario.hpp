#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// The ring of the message-passing suite (`actorbench ring`): N actors pass
/// K tokens around until R hops are done; hops per second, every hop
/// checked (with --crypto on, opened and sealed again by every actor).
std::unique_ptr<scenario> make_ring_scenario();

} // namespace actorbench::bench
