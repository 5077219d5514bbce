#pragma once

#include "bench/command/main.hpp"

namespace actorbench::bench {

/// `actorbench serve`: the hello actor of the dRuby TLS experiment published on a TCP port,
/// plain or TLS with client certificates, until SIGINT, SIGTERM or
/// --duration; the bound port on stdout, what it served when it stops.
command_decl make_serve_command();

} // namespace actorbench::bench
