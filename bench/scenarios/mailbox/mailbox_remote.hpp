#pragma once

#include <cstdint>
#include <vector>

#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "bench/scenarios/shared/remote_messages.hpp"
#include "actors/remote/remote_node.hpp"
#include "bench/scenarios/mailbox/mailbox.hpp"

namespace actorbench::actors {

/// On a worker node: the mailbox senders `req` asks for, each with its
/// sealer id, sending to the driver's receiver under this node's own copy
/// of the run's keys (kept until the last of them is gone). Answers how
/// many it spawned. Errors: crypto_failure (the node lacks the back-end or
/// cipher), bad_parameter (no senders, or ids beyond the run's count).
result<std::uint32_t> spawn_requested_mailbox_senders(caf::actor_system& system,
                                                      const mailbox_senders_request& req);

/// On the driver: one mailbox run with the receiver here and the senders on
/// `nodes` (node i gets senders [i*S/n, (i+1)*S/n)), every message checked
/// as in run_mailbox; timed from the first request to the last check.
/// Errors: node_failure (a node refused or did not answer its request),
/// timeout (the receiver still missed messages after params.timeout).
result<mailbox_sample> run_mailbox_remote(caf::actor_system& system, const seal_keys& keys,
                                          const mailbox_params& params,
                                          const std::vector<remote_node>& nodes);

} // namespace actorbench::actors
