#pragma once

#include <cstdint>
#include <vector>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/message_handler.hpp>
#include <caf/meta/type_name.hpp>

#include "actors/error.hpp"
#include "bench/harness/node_part.hpp"
#include "actors/remote/remote_node.hpp"
#include "bench/scenarios/mailbox/mailbox.hpp"
#include "bench/scenarios/shared/shipped_keys.hpp"

namespace actorbench::actors {

/// The driver asks a worker node for mailbox senders [first, first + count)
/// of a run, each sending `messages` messages (`burst` a turn) to
/// `receiver` on the driver's node, sealed under `keys`. The node answers
/// with the number of senders it spawned.
struct mailbox_senders_request {
  caf::actor receiver;
  std::uint32_t first = 0;
  std::uint32_t count = 0;
  /// The run's sender count (the receiver's dense sender ids).
  std::uint32_t senders = 0;
  std::uint64_t messages = 0;
  std::uint64_t burst = 64;
  /// A suite_fault, applied by sender 0 as in a local run.
  std::uint8_t fault = 0;
  shipped_keys keys;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, mailbox_senders_request& x) {
  return f(caf::meta::type_name("actorbench.mailbox_senders_request"), x.receiver, x.first, x.count,
           x.senders, x.messages, x.burst, x.fault, x.keys);
}

/// Registers the mailbox's messages between the driver and worker nodes.
void add_mailbox_message_types(caf::actor_system_config& cfg);

/// A worker node's handler of mailbox_senders_request: answers how many
/// senders it spawned.
caf::message_handler mailbox_node_handlers(caf::event_based_actor* node,
                                           const bench::node_context&);

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
