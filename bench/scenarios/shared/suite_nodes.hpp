#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "actors/remote/remote_node.hpp"
#include "actors/remote/remote_runtime.hpp"
#include "actors/remote/tls_settings.hpp"
#include "bench/scenarios/shared/endpoint.hpp"
#include "bench/harness/run_record.hpp"
#include "bench/scenarios/shared/suite_scenario.hpp"

namespace actorbench::bench {

/// A suite run's --nodes and --tls (declared by declare_node_params).
struct suite_node_choice {
  /// Empty: the whole run in this process.
  std::vector<endpoint> nodes;
  /// Unset: plain TCP.
  std::optional<actors::tls_settings> tls;
};

/// Reads --nodes and --tls (bad input as worker_nodes and tls_of say).
result<suite_node_choice> node_choice_of(const configuration& c);

/// A networked actor system of the run's own (CAF reuses a connection only
/// within one system), with the run's threads, connected to every node
/// before the timed part begins. Destroys its node handles first.
struct suite_nodes {
  std::unique_ptr<actors::remote_runtime> runtime;
  std::vector<actors::remote_node> nodes;
  caf::actor_system& system() { return runtime->system(); }
};

/// Connects to `choice`'s nodes, each within --timeout, on a scheduler of
/// `policy` (remote_settings' "sharing" wakes an idle worker at once, for
/// latency; "stealing" polls, for a steady stream of messages), with the
/// message types the scenario's actors send between nodes.
actors::result<suite_nodes>
connect_suite_nodes(const suite_run& in, const suite_node_choice& choice,
                    std::function<void(caf::actor_system_config&)> add_message_types,
                    const std::string& policy = "sharing");

/// Records the fact "transport" (plain or tls) of a run on nodes.
void add_transport_fact(run_record& r, const suite_node_choice& choice);

} // namespace actorbench::bench
