#pragma once

#include <memory>
#include <vector>

#include "bench/common/error.hpp"
#include "bench/harness/configuration.hpp"
#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// Starts what every fan-out run of `plan` needs, before any is timed: one
/// actor system per scheduler setting (threads, policy, pin, clock), with
/// --nodes a networked one connected once to every node (over TLS with
/// --tls), and per configuration its back-end, cipher and payload. Writes
/// the resolved thread count into each configuration. A failure here (a node
/// that does not answer, a payload that cannot be made) is a runtime failure.
result<std::unique_ptr<scenario_session>> start_fanout_session(std::vector<configuration>& plan);

} // namespace actorbench::bench
