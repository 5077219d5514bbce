#pragma once

#include "bench/command/main.hpp"
#include "bench/error.hpp"
#include "bench/harness/registry.hpp"

namespace actorbench::bench {

/// Adds actorbench's own scenarios to `r`: one line per scenario folder.
result<void> add_builtin_scenarios(registry& r);

/// How the actorbench command presents itself: its version, git commit and
/// allocator, the default scenario (the Erlang experiment's fan-out) and --list. The
/// server commands (serve, node) are the executable's: bench/main.cpp adds
/// them, with the interposing wrappers they need.
main_options actorbench_options();

} // namespace actorbench::bench
