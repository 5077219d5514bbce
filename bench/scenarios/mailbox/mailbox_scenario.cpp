#include "bench/scenarios/mailbox/mailbox_scenario.hpp"

#include "bench/scenarios/mailbox/mailbox.hpp"
#include "bench/scenarios/mailbox/mailbox_remote.hpp"
#include "bench/scenarios/shared/node_params.hpp"
#include "bench/scenarios/shared/fanout_settings.hpp"
#include "bench/scenarios/shared/suite_nodes.hpp"
#include "bench/scenarios/shared/suite_scenario.hpp"

namespace actorbench::bench {

namespace {

declaration mailbox_declaration() {
  declaration d{"mailbox",
                "S senders each send M messages to one receiver as fast as they can, no "
                "acknowledgement (CAF's mailbox_performance); the receiver checks every "
                "sender's order and count"};
  d.integer("senders").range(1, 100'000).def("100").unit("actors").help("Sender actors");
  d.integer("messages")
    .range(1, 1'000'000'000)
    .def("100000")
    .unit("messages")
    .help(
      "Messages each sender sends (refused up front if all of them queued at once cannot fit "
      "in memory)");
  d.integer("burst")
    .range(1, 1'000'000'000)
    .def("64")
    .unit("messages")
    .help(
      "Messages a sender sends per turn before it yields its worker to the others (and the "
      "receiver); at least --messages: all in one turn, as CAF's mailbox_performance");
  d.integer("window")
    .range(0, 1'000'000'000)
    .def("0")
    .unit("messages")
    .help(
      "Flow control as a bounded mailbox: a sender has at most this many messages not yet "
      "taken by the receiver, and every window/2 messages asks for credit (a real message the "
      "receiver answers once it has taken them); 0: none");
  d.word("dispatch", {"lean", "behavior"})
    .def("lean")
    .help(
      "How the receiver takes its messages: lean: it is a lean actor (CAF's lock-free inbox "
      "read in batches, one type check per message); behavior: CAF's behavior dispatch for "
      "every message");
  declare_node_params(d,
                      "Worker nodes (actorbench node) as HOST:PORT,...: the senders run on them "
                      "(split evenly, node i gets senders [i*S/n, (i+1)*S/n)), the receiver "
                      "here, through CAF's middleman; connecting waits at most --timeout");
  d.metric("messages_s", "1/s")
    .title("messages per second")
    .headline()
    .higher_is_better()
    .help("Senders x messages over elapsed_s");
  d.check("mismatches",
          "Messages out of their sender's order (not its next sequence number), plus senders "
          "whose count or last sequence number was not M at the end");
  return d;
}

std::uint64_t total_messages(const configuration& c) {
  return static_cast<std::uint64_t>(c.integer("senders"))
         * static_cast<std::uint64_t>(c.integer("messages"));
}

// Sealed bytes per message: the payload and the AEAD tag (16 for every
// cipher the suite takes).
std::size_t sealed_bytes(const configuration& c) {
  if (!c.applies("crypto") || c.word("crypto") != "on")
    return 0;
  return static_cast<std::size_t>(c.size("payload-bytes")) + 16;
}

result<std::vector<configuration>> refine_mailbox(std::vector<configuration> plan) {
  for (const auto& c : plan) {
    auto nodes = checked_nodes(c, "the senders' nodes");
    if (!nodes)
      return nodes.err();
    if (static_cast<std::size_t>(c.integer("senders")) < nodes->size())
      return bad_input("mailbox --senders " + std::to_string(c.integer("senders"))
                       + " is fewer than the " + std::to_string(nodes->size())
                       + " --nodes: every node needs at least one sender");
    // The nodes' senders send without credit (their request has no window).
    if (!nodes->empty() && c.integer("window") != 0)
      return bad_input("invalid --window '" + std::to_string(c.integer("window"))
                       + "' with --nodes: the nodes' senders have no flow control, expected 0");
  }
  return plan;
}

// The senders on the --nodes, connected before the timed part begins.
actors::result<actors::mailbox_sample> run_remote(suite_run& in,
                                                  const actors::mailbox_params& params,
                                                  const suite_node_choice& choice) {
  // A steady stream from the middleman's thread: a sharing worker would be
  // woken through a condition variable for nearly every message (1.4x
  // slower, bench/NOTEBOOK.md).
  auto connected = connect_suite_nodes(in, choice, actors::add_mailbox_message_types, "stealing");
  if (!connected)
    return connected.err();
  return actors::run_mailbox_remote(connected->system(), in.keys, params, connected->nodes);
}

result<run_record> run_mailbox_once(suite_run& in) {
  auto choice = node_choice_of(in.config);
  if (!choice)
    return choice.err();
  actors::mailbox_params params;
  params.senders = static_cast<std::size_t>(in.config.integer("senders"));
  params.messages = static_cast<std::size_t>(in.config.integer("messages"));
  params.burst = static_cast<std::size_t>(in.config.integer("burst"));
  params.window = static_cast<std::size_t>(in.config.integer("window"));
  params.timeout = in.timeout;
  params.dispatch = in.config.word("dispatch") == "behavior" ? actors::mailbox_dispatch::behavior
                                                             : actors::mailbox_dispatch::lean;
  auto sample = choice->nodes.empty() ? actors::run_mailbox(in.system, in.keys, params)
                                      : run_remote(in, params, *choice);
  if (!sample)
    return runtime_failure(sample.err());
  run_record r;
  r.add("elapsed_s", sample->elapsed_s);
  r.add("messages_s", static_cast<double>(sample->received) / sample->elapsed_s);
  r.checks["mismatches"] = sample->mismatches;
  r.facts["received"] = static_cast<double>(sample->received);
  add_transport_fact(r, *choice);
  return r;
}

} // namespace

std::unique_ptr<scenario> make_mailbox_scenario() {
  suite_spec spec;
  spec.declared = mailbox_declaration();
  spec.run = run_mailbox_once;
  spec.refine = refine_mailbox;
  // The worst case: every message queued at once (senders outrun the
  // receiver, and nothing slows them down).
  spec.memory = [](const configuration& c) -> std::optional<memory_estimate> {
    return memory_estimate{"messages", total_messages(c), "messages", "queued message",
                           actors::mailbox_bytes_per_message(sealed_bytes(c))};
  };
  // One worker: the receiver drains each burst while it is still in cache;
  // bench/NOTEBOOK.md shows 1 against 2 threads.
  spec.default_threads = 1;
  spec.cost_hint = [](const configuration& c) { return static_cast<double>(total_messages(c)); };
  spec.on_nodes = {actors::add_mailbox_message_types, actors::mailbox_node_handlers};
  return make_suite_scenario(std::move(spec));
}

} // namespace actorbench::bench
