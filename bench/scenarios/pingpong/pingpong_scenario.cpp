#include "bench/scenarios/pingpong/pingpong_scenario.hpp"

#include <algorithm>
#include <variant>

#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/pingpong/pingpong.hpp"
#include "bench/scenarios/pingpong/pingpong_remote.hpp"
#include "bench/scenarios/shared/node_params.hpp"
#include "bench/scenarios/shared/fanout_settings.hpp"
#include "bench/harness/instruction_count.hpp"
#include "bench/scenarios/shared/suite_nodes.hpp"
#include "bench/scenarios/shared/suite_scenario.hpp"

namespace actorbench::bench {

namespace {

// One round trip in 64 is timed: two clock reads (28 ns each here) per 64
// round trips of about 190 ns cost under 0.5% of the run.
constexpr std::uint64_t sample_every = 64;

declaration pingpong_declaration() {
  declaration d{"pingpong",
                "Pairs of actors passing a message back and forth: the pong echoes the "
                "round-trip number, the ping checks it and sends the next; round trips per "
                "second and round-trip latency"};
  d.integer("round-trips")
    .range(1, 10'000'000'000)
    .def("1000000")
    .unit("round trips")
    .help("Round trips per pair, one after the other");
  d.integer("pairs")
    .range(1, 100'000)
    .def("1")
    .unit("pairs")
    .help("Independent ping/pong pairs running at once, each doing --round-trips");
  declare_node_params(d,
                      "Worker nodes (actorbench node) as HOST:PORT,...: each pair's pong runs on "
                      "one of them (pair p on node p mod n), its ping here, through CAF's "
                      "middleman; connecting waits at most --timeout");
  d.metric("round_trips_s", "1/s")
    .title("round trips per second")
    .headline()
    .higher_is_better()
    .help("All pairs' round trips over the elapsed time");
  const auto sampled = "one round trip in " + std::to_string(sample_every) + " timed";
  d.metric("latency_s", "s")
    .per_event(reduction::median)
    .help("Per round trip, from the ping's send to its check of the echo (" + sampled + ")");
  d.metric("latency_p99_s", "s")
    .per_event(reduction::p99)
    .help("The 99th percentile of the same sampled round-trip latencies");
  d.check("mismatches",
          "Echoes that were not the round-trip number the ping sent, and round trips missing "
          "from a pair's count");
  d.work_unit = "round_trip";
  return d;
}

// One pair is one serial chain of messages: a second worker only steals it
// back and forth (bench/NOTEBOOK.md: pingpong), so one thread unless
// there are pairs to spread; then one per core.
void resolve_threads(configuration& c) {
  auto at = c.values.find("threads");
  if (at != c.values.end() && !std::holds_alternative<std::string>(at->second))
    return;
  c.values["threads"] =
    static_cast<std::int64_t>(c.integer("pairs") == 1 ? 1 : actors::available_cores());
  auto& na = c.not_applicable;
  na.erase(std::remove(na.begin(), na.end(), "threads"), na.end());
}

result<std::vector<configuration>> refine_pingpong(std::vector<configuration> plan) {
  for (auto& c : plan) {
    resolve_threads(c);
    if (auto nodes = checked_nodes(c, "the pongs' nodes"); !nodes)
      return nodes.err();
  }
  return plan;
}

actors::pingpong_params pingpong_params_of(const suite_run& in) {
  actors::pingpong_params p;
  p.round_trips = static_cast<std::uint64_t>(in.config.integer("round-trips"));
  p.pairs = static_cast<std::size_t>(in.config.integer("pairs"));
  p.sample_every = sample_every;
  p.timeout = in.timeout;
  return p;
}

// The pongs on the --nodes, connected before the timed part begins.
actors::result<actors::pingpong_sample> run_remote(suite_run& in, actors::pingpong_params p,
                                                   const suite_node_choice& choice) {
  auto connected = connect_suite_nodes(in, choice, actors::add_pingpong_message_types);
  if (!connected)
    return connected.err();
  p.remote_pongs = true;
  auto& system = connected->system();
  return actors::run_pingpong(system, in.keys, p,
                              actors::remote_pongs(system, connected->nodes, in.keys, in.timeout));
}

result<run_record> measure_pingpong(suite_run& in) {
  auto choice = node_choice_of(in.config);
  if (!choice)
    return choice.err();
  auto p = pingpong_params_of(in);
  auto sample = choice->nodes.empty() ? actors::run_pingpong(in.system, in.keys, p)
                                      : run_remote(in, p, *choice);
  if (!sample)
    return by_code(sample.err(), "pingpong failed");
  run_record r;
  r.add("elapsed_s", sample->elapsed_s);
  r.add("round_trips_s", static_cast<double>(sample->round_trips) / sample->elapsed_s);
  r.samples["latency_s"] = sample->latency_s;
  r.samples["latency_p99_s"] = std::move(sample->latency_s);
  r.checks["mismatches"] = sample->mismatches;
  r.facts["round_trips"] = static_cast<double>(sample->round_trips);
  // Remote pongs run elsewhere, where this process's instructions miss them.
  if (choice->nodes.empty())
    r.facts[work_units_fact] = static_cast<double>(sample->round_trips);
  r.facts["latency_samples"] = static_cast<double>(r.samples["latency_s"].size());
  add_transport_fact(r, *choice);
  return r;
}

} // namespace

std::unique_ptr<scenario> make_pingpong_scenario() {
  suite_spec spec;
  spec.declared = pingpong_declaration();
  spec.run = measure_pingpong;
  spec.refine = refine_pingpong;
  spec.default_threads_help = "1 for one pair, else one per core";
  spec.on_nodes = {actors::add_pingpong_message_types, actors::pingpong_node_handlers};
  spec.memory = [](const configuration& c) -> std::optional<memory_estimate> {
    // Two actors (about 1.2 KB each), mailboxes and the latency samples,
    // kept twice (the pair's and the run's), doubled for margin.
    auto samples = static_cast<std::uint64_t>(c.integer("round-trips")) / sample_every + 1;
    return memory_estimate{"pairs", static_cast<std::uint64_t>(c.integer("pairs")), "pairs", "pair",
                           8192 + 4 * 8 * samples};
  };
  spec.cost_hint = [](const configuration& c) {
    auto work =
      static_cast<double>(c.integer("round-trips")) * static_cast<double>(c.integer("pairs"));
    return work / 1e6 * (c.word("crypto") == "on" ? 4.0 : 1.0);
  };
  return make_suite_scenario(std::move(spec));
}

} // namespace actorbench::bench
