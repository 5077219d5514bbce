#include "bench/scenarios/ring/ring_scenario.hpp"

#include <string>

#include "bench/scenarios/ring/ring.hpp"
#include "bench/scenarios/shared/suite_scenario.hpp"

namespace actorbench::bench {

namespace {

declaration ring_declaration() {
  declaration d{"ring",
                "A ring of N actors passing K tokens until R hops are done (Savina's thread ring); "
                "hops per second, every hop checked"};
  d.integer("actors").range(2, 10'000'000).def("100").unit("actors").help("Actors in the ring");
  d.integer("hops")
    .range(1, 100'000'000'000)
    .def("1000000")
    .unit("hops")
    .help("Hops in total, shared by the tokens (R/K each, the remainder spread)");
  d.integer("tokens")
    .range(1, 10'000'000)
    .def("1")
    .unit("tokens")
    .help("Tokens, starting at evenly spaced actors; at most --actors and at most --hops");
  d.metric("hops_s", "1/s")
    .title("hops per second")
    .headline()
    .higher_is_better()
    .help("Hops over elapsed_s");
  d.check("mismatches",
          "Hops arriving at the wrong actor, with the wrong value or from the wrong sender, "
          "tokens done twice, actors' hop counts other than their share, and a total other "
          "than --hops");
  return d;
}

actors::ring_params ring_params_of(const configuration& c, std::chrono::milliseconds timeout) {
  actors::ring_params p;
  p.actors = static_cast<std::uint64_t>(c.integer("actors"));
  p.hops = static_cast<std::uint64_t>(c.integer("hops"));
  p.tokens = static_cast<std::uint64_t>(c.integer("tokens"));
  p.timeout = timeout;
  return p;
}

result<std::vector<configuration>> refine_ring(std::vector<configuration> plan) {
  for (const auto& c : plan) {
    auto tokens = c.integer("tokens");
    if (tokens > c.integer("actors") || tokens > c.integer("hops"))
      return bad_input("invalid --tokens '" + std::to_string(tokens) + "': at most --actors ("
                       + std::to_string(c.integer("actors")) + ") and at most --hops ("
                       + std::to_string(c.integer("hops")) + ")");
  }
  return plan;
}

result<run_record> measure_ring(suite_run& in) {
  auto sample = actors::run_ring(in.system, in.keys, ring_params_of(in.config, in.timeout));
  if (!sample)
    return runtime_failure(sample.err());
  run_record r;
  r.add("elapsed_s", sample->elapsed_s);
  r.add("hops_s", static_cast<double>(sample->hops) / sample->elapsed_s);
  r.checks["mismatches"] = sample->mismatches;
  return r;
}

} // namespace

std::unique_ptr<scenario> make_ring_scenario() {
  suite_spec spec;
  spec.declared = ring_declaration();
  spec.run = measure_ring;
  spec.refine = refine_ring;
  spec.memory = [](const configuration& c) -> std::optional<memory_estimate> {
    // A ring actor with its sealer, opener and mailbox, as CAF spawns it.
    return memory_estimate{"actors", static_cast<std::uint64_t>(c.integer("actors")), "actors",
                           "actor", 2048};
  };
  spec.cost_hint = [](const configuration& c) {
    return static_cast<double>(c.integer("hops")) / 1e6;
  };
  // One token is one chain of messages, which lean_actor's hand-off keeps
  // on one worker: two run it no faster (bench/NOTEBOOK.md: ring).
  spec.default_threads = 1;
  return make_suite_scenario(std::move(spec));
}

} // namespace actorbench::bench
