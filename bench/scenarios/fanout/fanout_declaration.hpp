#pragma once

#include "bench/harness/declaration.hpp"

namespace actorbench::bench {

/// The fan-out's parameters (the option names, defaults, ranges and help
/// texts), metrics and checks. Back-end and cipher words come from crypto's
/// registry, so a build without a back-end offers none of its words.
declaration fanout_declaration();

} // namespace actorbench::bench
