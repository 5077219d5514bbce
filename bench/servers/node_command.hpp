#pragma once

#include "bench/command/main.hpp"
#include "bench/harness/registry.hpp"

namespace actorbench::bench {

/// `actorbench node`: a worker node serving the scenarios of `r` that run on
/// nodes (their node_part) for drivers started elsewhere with --nodes, until
/// SIGINT or SIGTERM; the bound port on stdout. `r` must outlive the command.
command_decl make_node_command(const registry& r);

} // namespace actorbench::bench
