#pragma once

#include "bench/command/main.hpp"

namespace actorbench::bench {

/// `actorbench node`: a worker node serving shares of fan-outs started
/// elsewhere with --nodes, until SIGINT or SIGTERM; the bound port on stdout.
command_decl make_node_command();

} // namespace actorbench::bench
