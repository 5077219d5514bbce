#include "bench/scenarios/spawn_tree/spawn_tree_scenario.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <variant>

#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/spawn_tree/spawn_tree.hpp"
#include "bench/harness/process_memory.hpp"
#include "bench/scenarios/shared/suite_scenario.hpp"

namespace actorbench::bench {

namespace {

// RSS per live actor: CAF's actor with its mailbox, about 1.2 KB (DESIGN.md;
// 2.3-3 KB by this scenario's rss_per_actor_bytes at the defaults, which
// includes what the allocator keeps), and an inner actor's replay windows
// of up to 1024 children, 8 KB; this is that with room.
constexpr double bytes_per_live_actor = 16384;
// Per child beyond the first 1024 of the inner actors being run: an entry of
// the opener's hash map.
constexpr double bytes_per_wide_child = 64;

void declare(declaration& d) {
  d.integer("branching")
    .range(1, 1'000'000'000)
    .def("10")
    .unit("children")
    .help("Children of every inner actor (B)");
  d.integer("depth")
    .range(0, 1'000'000'000)
    .def("6")
    .unit("levels")
    .help("Levels below the root (D): B^D leaves, (B^(D+1)-1)/(B-1) actors in all, at most "
          + std::to_string(actors::max_spawn_tree_actors));
  d.metric("actors_s", "1/s")
    .title("actors spawned per second")
    .headline()
    .higher_is_better()
    .help("Actors spawned (every actor of the tree) over elapsed_s");
  d.metric("peak_live_actors", "")
    .help("The most actors alive at once: spawned minus destroyed, sampled every millisecond");
  d.metric("rss_per_actor_bytes", "B")
    .help("Peak RSS of the run over the RSS at its start, per actor of peak_live_actors");
  d.check("mismatches",
          "The root's sum not L(L-1)/2, its count of actors not (B^(D+1)-1)/(B-1), and every "
          "answer from an actor that is not the receiver's child");
}

actors::spawn_tree_params spawn_tree_params_of(const suite_run& in) {
  actors::spawn_tree_params p;
  p.branching = static_cast<std::uint32_t>(in.config.integer("branching"));
  p.depth = static_cast<std::uint32_t>(in.config.integer("depth"));
  p.timeout = in.timeout;
  return p;
}

result<run_record> run_tree(suite_run& in) {
  const auto start_rss = current_rss_bytes();
  auto s = actors::run_spawn_tree(in.system, in.keys, spawn_tree_params_of(in));
  if (!s)
    return runtime_failure(s.err(), "spawn-tree");
  const auto peak_rss = peak_rss_bytes();
  run_record r;
  r.add("elapsed_s", s->elapsed_s);
  r.add("actors_s", static_cast<double>(s->size.actors) / s->elapsed_s);
  r.add("peak_live_actors", static_cast<double>(s->peak_live));
  if (start_rss && peak_rss && s->peak_live > 0)
    r.add("rss_per_actor_bytes",
          static_cast<double>(*peak_rss > *start_rss ? *peak_rss - *start_rss : 0)
            / static_cast<double>(s->peak_live));
  r.checks["mismatches"] = s->mismatches;
  r.facts["actors"] = static_cast<double>(s->size.actors);
  r.facts["leaves"] = static_cast<double>(s->size.leaves);
  r.facts["sum"] = static_cast<double>(s->sum);
  r.facts["answered"] = static_cast<double>(s->answered);
  return r;
}

std::optional<actors::spawn_tree_size> size_of(const configuration& c) {
  return actors::size_of_spawn_tree(static_cast<std::uint64_t>(c.integer("branching")),
                                    static_cast<std::uint64_t>(c.integer("depth")));
}

// The memory of a tree is that of its live actors, not of all it spawns: a
// worker runs an actor's last-spawned child first, so it unfolds depth
// first, holding at most W = min(B, 256) spawned siblings per level (an
// actor spawns its children 256 at a time); a stealing worker does the same
// with the subtree it took, whose ancestors wait meanwhile. So at most
// threads x W x (D+1) pending actors, each with its D+1 ancestors, are alive
// (about 100 measured at the defaults, where this bound says 980), never
// more than the whole tree.
std::optional<memory_estimate> tree_memory(const configuration& c) {
  auto size = size_of(c);
  if (!size)
    return std::nullopt;
  auto at = c.values.find("threads");
  const double threads = at != c.values.end() && std::holds_alternative<std::int64_t>(at->second)
                           ? static_cast<double>(std::get<std::int64_t>(at->second))
                           : static_cast<double>(actors::available_cores());
  const auto b = static_cast<double>(c.integer("branching"));
  const double levels = static_cast<double>(c.integer("depth")) + 1;
  const double live =
    std::min(static_cast<double>(size->actors), threads * std::min(b, 256.0) * levels * levels);
  const double wide = threads * levels * std::max(0.0, b - 1024) * bytes_per_wide_child;
  const auto per_actor = static_cast<std::uint64_t>(
    std::ceil((live * bytes_per_live_actor + wide) / static_cast<double>(size->actors)));
  return memory_estimate{"depth", size->actors, "actors", "actor", per_actor};
}

result<std::vector<configuration>> refine_spawn_tree(std::vector<configuration> plan) {
  for (const auto& c : plan)
    if (!size_of(c))
      return bad_input("invalid --depth '" + std::to_string(c.integer("depth"))
                       + "' with --branching '" + std::to_string(c.integer("branching"))
                       + "': the tree would have more than "
                       + std::to_string(actors::max_spawn_tree_actors)
                       + " actors ((B^(D+1)-1)/(B-1)); lower the depth or the branching");
  return plan;
}

} // namespace

std::unique_ptr<scenario> make_spawn_tree_scenario() {
  suite_spec spec;
  spec.declared =
    declaration{"spawn-tree",
                "A tree of actors (SkyNet; CAF's actor_creation at B=2 D=20): every actor spawns "
                "its B children, sums their answers and answers its parent; leaf i answers i, "
                "the root's sum must be L(L-1)/2; actors spawned per second"};
  declare(spec.declared);
  spec.run = run_tree;
  spec.refine = refine_spawn_tree;
  spec.memory = tree_memory;
  spec.cost_hint = [](const configuration& c) {
    auto size = size_of(c);
    return size ? static_cast<double>(size->actors) / 1e6 : 1.0;
  };
  return make_suite_scenario(std::move(spec));
}

} // namespace actorbench::bench
