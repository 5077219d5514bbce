#include "bench/scenarios/mailbox/mailbox_remote.hpp"

#include <memory>
#include <optional>
#include <string>

#include <caf/exit_reason.hpp>
#include <caf/scoped_actor.hpp>
#include <caf/send.hpp>

#include "bench/scenarios/shared/shipped_keys.hpp"
#include "bench/scenarios/shared/remote_messages.hpp"
#include "bench/scenarios/shared/node_request.hpp"

namespace actorbench::actors {

result<std::uint32_t> spawn_requested_mailbox_senders(caf::actor_system& system,
                                                      const mailbox_senders_request& req) {
  if (req.count == 0 || std::uint64_t{req.first} + req.count > req.senders)
    return error{errc::bad_parameter, "mailbox senders " + std::to_string(req.first) + "+"
                                        + std::to_string(req.count) + " of "
                                        + std::to_string(req.senders)};
  auto keys = unpack(req.keys);
  if (!keys)
    return keys.err();
  mailbox_params params;
  params.senders = req.senders;
  params.messages = req.messages;
  params.burst = req.burst;
  params.fault = static_cast<suite_fault>(req.fault);
  // Nobody here waits on it: a sealing failure shows as the driver's
  // receiver missing messages (a timeout).
  auto tally = std::make_shared<mailbox_tally>(0);
  for (std::uint32_t id = req.first; id < req.first + req.count; ++id) {
    // Each sender owns the keys: nothing else here keeps them.
    spawn_mailbox_sender(system, **keys, params, req.receiver, id, tally, *keys);
  }
  return req.count;
}

namespace {

// Asks `node` for its share of the senders; empty: all spawned.
std::optional<error> ask_node(caf::scoped_actor& self, const remote_node& node,
                              mailbox_senders_request req, std::chrono::milliseconds timeout) {
  std::optional<error> out = error{errc::node_failure, "node " + node.name + " did not answer"};
  const auto want = req.count;
  self->request(node.spawner, timeout, std::move(req))
    .receive(
      [&](std::uint32_t spawned) {
        if (spawned == want)
          out.reset();
        else
          out->detail = "node " + node.name + " spawned " + std::to_string(spawned) + " of "
                        + std::to_string(want) + " senders";
      },
      [&](caf::error& e) {
        out->detail =
          "node " + node.name + " did not spawn its senders: " + self->system().render(e);
      });
  return out;
}

mailbox_senders_request request_of(const caf::actor& receiver, const seal_keys& keys,
                                   const mailbox_params& params) {
  mailbox_senders_request req;
  req.receiver = receiver;
  req.senders = static_cast<std::uint32_t>(params.senders);
  req.messages = params.messages;
  req.burst = params.burst;
  req.fault = static_cast<std::uint8_t>(params.fault);
  req.keys = ship(keys);
  return req;
}

} // namespace

result<mailbox_sample> run_mailbox_remote(caf::actor_system& system, const seal_keys& keys,
                                          const mailbox_params& params,
                                          const std::vector<remote_node>& nodes) {
  if (params.senders == 0 || params.messages == 0 || nodes.empty() || params.senders < nodes.size())
    return error{errc::bad_parameter,
                 "mailbox --nodes needs at least one message and one sender per node"};
  const auto total = static_cast<std::uint64_t>(params.senders) * params.messages;
  auto tally = std::make_shared<mailbox_tally>(total);
  auto receiver =
    spawn_mailbox_receiver(system, keys, params.senders, params.messages, params.dispatch, tally);
  auto req = request_of(receiver, keys, params);
  caf::scoped_actor self{system};
  const auto start = countdown_latch::clock::now();
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    req.first = static_cast<std::uint32_t>(i * params.senders / nodes.size());
    req.count = static_cast<std::uint32_t>((i + 1) * params.senders / nodes.size()) - req.first;
    if (auto failed = ask_node(self, nodes[i], req, params.timeout); failed) {
      caf::anon_send_exit(receiver, caf::exit_reason::kill);
      return *failed;
    }
  }
  if (!tally->done.wait_for(params.timeout)) {
    // The remote senders end on their own, after their last message.
    caf::anon_send_exit(receiver, caf::exit_reason::kill);
    return error{errc::timeout, "mailbox --nodes: the receiver had about "
                                  + std::to_string(tally->progress.load()) + " of "
                                  + std::to_string(total) + " messages after "
                                  + std::to_string(params.timeout.count()) + " ms"};
  }
  mailbox_sample out;
  out.senders = params.senders;
  out.messages = params.messages;
  out.received = tally->progress.load();
  out.mismatches = tally->mismatches.load();
  out.elapsed_s = std::chrono::duration<double>(tally->done.reached_at() - start).count();
  return out;
}

void add_mailbox_message_types(caf::actor_system_config& cfg) {
  cfg.add_message_type<mailbox_senders_request>("actorbench.mailbox_senders_request");
  add_sealed_message_types(cfg);
}

caf::message_handler mailbox_node_handlers(caf::event_based_actor* node,
                                           const bench::node_context&) {
  return answer_on_node<mailbox_senders_request>(node, spawn_requested_mailbox_senders);
}

} // namespace actorbench::actors
