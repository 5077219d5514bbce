#pragma once

#include <memory>
#include <vector>

#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"
#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// Starts what every fan-out run of `plan` needs, before any is timed: an
/// actor system per scheduler setting (threads, policy, pin, clock), with
/// --nodes a networked one connected to every node (over TLS with --tls),
/// and per configuration its back-end, cipher and payload. Only one system
/// is live at a time: before a run whose setting differs from the last
/// one's (scenario_session::before_run, not timed) the old system is torn
/// down and the run's made, so no idle workers poll beside a run. Writes
/// the resolved thread count into each configuration. A failure here (a node
/// that does not answer, a payload that cannot be made) is a runtime failure.
result<std::unique_ptr<scenario_session>> start_fanout_session(std::vector<configuration>& plan);

} // namespace actorbench::bench
