#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// Request latency of the hello actor over the network (the dRuby
/// TLS experiment, `actorbench rpc`): plain, TLS with client
/// certificates, or both side by side with the TLS overhead. A run is one
/// round of one mode.
std::unique_ptr<scenario> make_rpc_scenario();

} // namespace actorbench::bench
