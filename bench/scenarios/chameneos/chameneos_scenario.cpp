#include "bench/scenarios/chameneos/chameneos_scenario.hpp"

#include "bench/scenarios/chameneos/chameneos.hpp"
#include "bench/scenarios/shared/suite_scenario.hpp"

namespace actorbench::bench {

namespace {

declaration chameneos_declaration() {
  declaration d{"chameneos",
                "Savina's chameneos: creatures ask a mall (broker) to meet, the mall pairs two, "
                "they exchange colours and both take the complement; meetings per second"};
  d.integer("creatures")
    .range(2, 10'000'000)
    .def("100")
    .unit("creatures")
    .help("Creatures asking the mall to meet (creature i starts with colour i mod 3)");
  d.integer("meetings")
    .range(1, 1'000'000'000)
    .def("200000")
    .unit("meetings")
    .help("Meetings the mall arranges before it stops every creature");
  d.metric("meetings_s", "1/s")
    .title("meetings per second")
    .headline()
    .higher_is_better()
    .help("Meetings per second");
  d.check("mismatches",
          "Failed checks: the mall's meeting count is not M, the creatures' counts do not sum to "
          "2M or one differs from the mall's record, a new colour breaks complement(a, b) (checked "
          "by the creature told it and by the mall at its next ask), a creature met itself or "
          "reported twice");
  return d;
}

result<run_record> measure_chameneos(suite_run& in) {
  actors::chameneos_params p;
  p.creatures = static_cast<std::size_t>(in.config.integer("creatures"));
  p.meetings = static_cast<std::size_t>(in.config.integer("meetings"));
  p.timeout = in.timeout;
  auto s = actors::run_chameneos(in.system, in.keys, p);
  if (!s)
    return runtime_failure(s.err());
  run_record r;
  r.add("elapsed_s", s->elapsed_s);
  r.add("meetings_s", static_cast<double>(s->meetings) / s->elapsed_s);
  r.checks["mismatches"] = s->mismatches;
  r.facts["meetings"] = static_cast<double>(s->meetings);
  r.facts["creature_meetings"] = static_cast<double>(s->creature_meetings);
  return r;
}

} // namespace

std::unique_ptr<scenario> make_chameneos_scenario() {
  suite_spec spec;
  spec.declared = chameneos_declaration();
  spec.run = measure_chameneos;
  // One serial chain (mall, creature, partner): 1 thread measured faster than 2
  // (bench/NOTEBOOK.md).
  spec.default_threads = 1;
  spec.memory = [](const configuration& c) -> std::optional<memory_estimate> {
    // A live actor is about 1.2 KB; with its opener's counters (up to 1024
    // senders of 8 bytes) and messages in flight, 16 KB is a safe bound.
    return memory_estimate{"creatures", static_cast<std::uint64_t>(c.integer("creatures")),
                           "creatures", "creature", 16384};
  };
  spec.cost_hint = [](const configuration& c) {
    return static_cast<double>(c.integer("meetings")) / 200'000.0;
  };
  return make_suite_scenario(std::move(spec));
}

} // namespace actorbench::bench
