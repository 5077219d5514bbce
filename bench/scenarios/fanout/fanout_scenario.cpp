#include "bench/scenarios/fanout/fanout_scenario.hpp"

#include "bench/scenarios/fanout/fanout.hpp"
#include "bench/scenarios/fanout/fanout_declaration.hpp"
#include "bench/scenarios/fanout/fanout_refine.hpp"
#include "bench/scenarios/fanout/fanout_session.hpp"
#include "bench/scenarios/fanout/fanout_verdict.hpp"
#include "bench/scenarios/fanout/erlang_table_view.hpp"
#include "bench/scenarios/fanout/fanout_messages.hpp"
#include "bench/scenarios/fanout/fanout_node.hpp"

namespace actorbench::bench {

namespace {

class fanout_scenario : public scenario {
 public:
  fanout_scenario() : declared_(fanout_declaration()) {}

  const declaration& declared() const override { return declared_; }

  result<std::vector<configuration>> refine(std::vector<configuration> plan) const override {
    return refine_fanout_plan(declared_, std::move(plan));
  }

  // The per-actor estimate: nearly every sender alive at once when
  // spawned from main, the collector's bitmap and backlog with chain.
  std::optional<memory_estimate> memory(const configuration& c) const override {
    auto spawn = *actors::parse_spawn_strategy(c.word("spawn"));
    return memory_estimate{"procs", static_cast<std::uint64_t>(c.integer("procs")), "actors",
                           "actor", actors::fanout_bytes_per_proc(spawn)};
  }

  result<std::unique_ptr<scenario_session>> start(std::vector<configuration>& plan) const override {
    return start_fanout_session(plan);
  }

  std::vector<const view*> views() const override { return {&erlang_table_view()}; }

  node_part on_nodes() const override {
    return {actors::add_fanout_message_types, actors::fanout_node_handlers};
  }

  std::string verdict(const scenario_results& r) const override { return fanout_verdict(r); }

 private:
  declaration declared_;
};

} // namespace

std::unique_ptr<scenario> make_fanout_scenario() {
  return std::make_unique<fanout_scenario>();
}

} // namespace actorbench::bench
