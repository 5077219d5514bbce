#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::testing {

/// `relay`, a scenario that exists only in the tests: --messages numbers
/// sent one at a time to a worker node (--nodes), which doubles each in its
/// own process. Its metric is round trips per second; its checks count
/// wrong answers and answers from this process (the node was not crossed).
std::unique_ptr<bench::scenario> make_relay_scenario();

} // namespace actorbench::testing
