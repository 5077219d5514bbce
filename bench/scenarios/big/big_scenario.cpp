#include "bench/scenarios/big/big_scenario.hpp"

#include <random>

#include "bench/scenarios/big/big.hpp"
#include "bench/scenarios/shared/suite_scenario.hpp"

namespace actorbench::bench {

namespace {

declaration big_declaration() {
  declaration d{"big",
                "Savina's big: W actors each send N pings, one at a time, to random peers and "
                "wait for the pongs, then report to a sink; pings and pongs per second"};
  d.integer("actors").range(2, 1'000'000).def("120").unit("actors").help("Actors pinging");
  d.integer("pings")
    .range(1, 1'000'000'000)
    .def("20000")
    .unit("pings")
    .help("Pings per actor, each to a random other actor, each awaiting its pong");
  d.metric("messages_s", "1/s")
    .title("messages per second")
    .headline()
    .higher_is_better()
    .help("Pings and pongs over elapsed_s");
  d.check("mismatches",
          "Pongs answering no outstanding ping (wrong peer or sequence number), actors whose "
          "pong count is not --pings, reports repeated");
  return d;
}

result<run_record> measure_big(suite_run& in) {
  actors::big_params p;
  p.actors = static_cast<std::uint64_t>(in.config.integer("actors"));
  p.pings = static_cast<std::uint64_t>(in.config.integer("pings"));
  // A new seed per run: the peers differ from run to run, as Savina's do.
  std::random_device rd;
  p.seed = (static_cast<std::uint64_t>(rd()) << 32) | rd();
  p.timeout = in.timeout;
  auto sample = actors::run_big(in.system, in.keys, p);
  if (!sample)
    return runtime_failure(sample.err());
  run_record r;
  r.add("elapsed_s", sample->elapsed_s);
  r.add("messages_s", static_cast<double>(sample->messages) / sample->elapsed_s);
  r.checks["mismatches"] = sample->mismatches;
  r.facts["seed"] = std::to_string(p.seed);
  return r;
}

} // namespace

std::unique_ptr<scenario> make_big_scenario() {
  suite_spec spec;
  spec.declared = big_declaration();
  spec.run = measure_big;
  spec.memory = [](const configuration& c) -> std::optional<memory_estimate> {
    // An actor with its sealer, its opener's counter per peer and mailbox.
    auto actors = static_cast<std::uint64_t>(c.integer("actors"));
    return memory_estimate{"actors", actors, "actors", "actor", 2048 + 8 * actors};
  };
  spec.cost_hint = [](const configuration& c) {
    return static_cast<double>(c.integer("actors")) * static_cast<double>(c.integer("pings"))
           / 2.4e6;
  };
  // Threads: one per core (the default). W independent ping chains use both
  // workers: 0.30 s on two against 0.54 s on one (bench/NOTEBOOK.md: big).
  return make_suite_scenario(std::move(spec));
}

} // namespace actorbench::bench
