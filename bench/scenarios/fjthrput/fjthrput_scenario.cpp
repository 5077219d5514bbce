#include "bench/scenarios/fjthrput/fjthrput_scenario.hpp"

#include "bench/scenarios/fjthrput/fjthrput.hpp"
#include "bench/scenarios/shared/suite_scenario.hpp"

namespace actorbench::bench {

namespace {

declaration fjthrput_declaration() {
  declaration d{"fjthrput",
                "Savina's fork-join throughput: a producer sends N messages to each of A actors, "
                "round robin; each message computes sin(37.2)^2 in its actor; messages per second"};
  d.integer("actors").range(1, 10'000'000).def("60").unit("actors").help("Receiving actors");
  d.integer("messages")
    .range(1, 1'000'000'000)
    .def("10000")
    .unit("messages")
    .help("Messages the producer sends to each actor");
  d.integer("burst")
    .range(1, 1'000'000)
    .def("16")
    .unit("rounds")
    .help(
      "Rounds (one message to each actor) the producer sends per turn before it yields its "
      "worker");
  d.word("producer", {"scheduler", "thread"})
    .def("scheduler")
    .help(
      "scheduler: the producer is one of the scheduler's actors; thread: it runs on a thread "
      "of its own (CAF's detached actor) while the actors run on the scheduler");
  d.integer("window")
    .range(0, 1'000'000)
    .def("64")
    .unit("rounds")
    .only_if("producer", {"thread"})
    .help(
      "Rounds the producer may be ahead of the last actor before it waits, as a Go sender on "
      "a full channel; 0: no limit");
  d.metric("messages_s", "1/s")
    .title("messages per second")
    .headline()
    .higher_is_better()
    .help("Messages (A x N) per second");
  d.check("mismatches",
          "Failed checks: an actor that did not count exactly N messages; the sum of r over all "
          "messages not within 1e-9 relative of A*N*r");
  return d;
}

result<run_record> measure_fjthrput(suite_run& in) {
  actors::fjthrput_params p;
  p.actors = static_cast<std::size_t>(in.config.integer("actors"));
  p.messages = static_cast<std::size_t>(in.config.integer("messages"));
  p.burst = static_cast<std::size_t>(in.config.integer("burst"));
  p.timeout = in.timeout;
  p.own_thread = in.config.word("producer") == "thread";
  if (p.own_thread)
    p.window = static_cast<std::size_t>(in.config.integer("window"));
  auto s = actors::run_fjthrput(in.system, in.keys, p);
  if (!s)
    return runtime_failure(s.err());
  run_record r;
  r.add("elapsed_s", s->elapsed_s);
  r.add("messages_s", static_cast<double>(s->messages) / s->elapsed_s);
  r.checks["mismatches"] = s->mismatches;
  r.facts["messages"] = static_cast<double>(s->messages);
  return r;
}

// Bytes per message in flight: the producer may run far ahead of the
// actors, so every message may be queued at once (a mailbox element, the
// payload's ciphertext with crypto on), plus each actor's share (about
// 2 KB per actor) spread over its N messages.
std::uint64_t bytes_per_message(const configuration& c) {
  constexpr std::uint64_t element = 128;
  constexpr std::uint64_t per_actor = 2048;
  const bool on = c.applies("crypto") && c.word("crypto") == "on";
  const auto n = static_cast<std::uint64_t>(c.integer("messages"));
  return element + (on ? c.size("payload-bytes") + 16 : 0) + (per_actor + n - 1) / n;
}

} // namespace

std::unique_ptr<scenario> make_fjthrput_scenario() {
  suite_spec spec;
  spec.declared = fjthrput_declaration();
  spec.run = measure_fjthrput;
  // One serial chain at a time: 1 thread measured faster than 2, and than
  // the producer on a thread of its own (bench/NOTEBOOK.md, "fjthrput on two cores").
  spec.default_threads = 1;
  spec.memory = [](const configuration& c) -> std::optional<memory_estimate> {
    auto messages = static_cast<std::uint64_t>(c.integer("actors"))
                    * static_cast<std::uint64_t>(c.integer("messages"));
    return memory_estimate{"messages", messages, "messages", "message", bytes_per_message(c)};
  };
  spec.cost_hint = [](const configuration& c) {
    return static_cast<double>(c.integer("actors")) * static_cast<double>(c.integer("messages"))
           / 600'000.0;
  };
  return make_suite_scenario(std::move(spec));
}

} // namespace actorbench::bench
