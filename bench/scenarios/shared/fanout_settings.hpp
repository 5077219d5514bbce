#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "actors/remote/tls_settings.hpp"
#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/shared/endpoint.hpp"
#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"

namespace actorbench::bench {

/// --pin's CPUs, each checked against the CPUs this process may use; empty:
/// not pinned. Errors name --pin.
result<std::vector<int>> pinned_cpus(const configuration& c);

/// --nodes as endpoints; empty: every sender runs in this process.
result<std::vector<endpoint>> worker_nodes(const configuration& c);

/// --nodes, with --tls checked against it: --tls without --nodes is bad
/// input ("it secures the connections to `what`"), and so are TLS files that
/// do not check (tls_of).
result<std::vector<endpoint>> checked_nodes(const configuration& c, const std::string& what);

/// --tls with --cert, --key and --ca, each file checked; unset: plain TCP.
result<std::optional<actors::tls_settings>> tls_of(const configuration& c);

/// How long one run may take: --timeout, else 60 s plus 20 µs per actor.
std::chrono::milliseconds run_timeout(const configuration& c);

/// How long each worker node may take to answer its connection:
/// --connect-timeout, else --timeout, else 10 s (the command's rule).
std::chrono::milliseconds connect_timeout(const configuration& c);

/// The scheduler a configuration runs on: threads (resolved), policy, pin, clock.
result<actors::scheduler_settings> scheduler_of(const configuration& c);

} // namespace actorbench::bench
