#include "tests/scenarios/relay/relay_scenario.hpp"

#include <chrono>
#include <cstdint>

#include <unistd.h>

#include <caf/scoped_actor.hpp>

#include "actors/remote/remote_node.hpp"
#include "actors/remote/remote_runtime.hpp"
#include "bench/scenarios/shared/node_params.hpp"
#include "bench/scenarios/shared/suite_nodes.hpp"
#include "tests/scenarios/relay/relay_messages.hpp"

namespace actorbench::testing {

namespace {

using namespace bench;

constexpr std::chrono::seconds wait_limit{10};

declaration relay_declaration() {
  declaration d{"relay", "Numbers doubled on a worker node, one round trip at a time (a test)"};
  d.integer("messages").range(1, 1'000'000).def("100").unit("messages").help("Round trips per run");
  declare_node_params(d, "The worker node that doubles the numbers (required)");
  d.metric("round_trips_s", "1/s")
    .title("round trips per second")
    .headline()
    .higher_is_better()
    .help("Round trips per second");
  d.check("wrong", "answers that were not the number doubled");
  d.check("not_crossed", "answers from this process instead of the node");
  d.defaults.runs = 3;
  d.defaults.warmup = 0;
  return d;
}

struct relay_counts {
  std::uint64_t wrong = 0, not_crossed = 0;
};

bench::result<relay_counts> relay(caf::actor_system& system, const caf::actor& node,
                                  std::uint64_t n) {
  caf::scoped_actor self{system};
  relay_counts counts;
  std::optional<error> failed;
  for (std::uint64_t i = 0; i < n && !failed; ++i)
    self->request(node, wait_limit, relay_ping{i})
      .receive(
        [&](const relay_pong& pong) {
          counts.wrong += pong.value != 2 * i;
          counts.not_crossed += pong.process == ::getpid();
        },
        [&](const caf::error& e) { failed = runtime_failure("relay: " + to_string(e)); });
  if (failed)
    return *failed;
  return counts;
}

bench::result<run_record> run_relay(run_context& ctx) {
  auto choice = node_choice_of(ctx.config());
  if (!choice)
    return choice.err();
  if (choice->nodes.empty())
    return bad_input("relay needs --nodes HOST:PORT");
  actors::remote_settings settings;
  settings.tls = choice->tls;
  settings.add_message_types = add_relay_message_types;
  auto rt = actors::remote_runtime::create(settings);
  if (!rt)
    return runtime_failure(rt.err().detail);
  const auto& at = choice->nodes.front();
  auto node = actors::connect_node(**rt, at.host, at.port, wait_limit);
  if (!node)
    return runtime_failure(node.err().detail);
  auto n = static_cast<std::uint64_t>(ctx.config().integer("messages"));
  auto start = std::chrono::steady_clock::now();
  auto counts = relay((*rt)->system(), node->spawner, n);
  std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  if (!counts)
    return counts.err();
  run_record r;
  r.add("round_trips_s", static_cast<double>(n) / elapsed.count());
  r.checks["wrong"] = counts->wrong;
  r.checks["not_crossed"] = counts->not_crossed;
  r.facts["node"] = node->name;
  return r;
}

caf::message_handler relay_node_handlers(caf::event_based_actor*, const node_context&) {
  return {[](const relay_ping& ping) { return relay_pong{2 * ping.value, ::getpid()}; }};
}

class relay_scenario : public scenario {
 public:
  const declaration& declared() const override { return declared_; }

  bench::result<std::unique_ptr<scenario_session>> start(
    std::vector<configuration>&) const override {
    return std::unique_ptr<scenario_session>{std::make_unique<session>()};
  }

  node_part on_nodes() const override { return {add_relay_message_types, relay_node_handlers}; }

 private:
  struct session : scenario_session {
    bench::result<run_record> run(run_context& ctx) override { return run_relay(ctx); }
  };

  declaration declared_ = relay_declaration();
};

} // namespace

std::unique_ptr<bench::scenario> make_relay_scenario() {
  return std::make_unique<relay_scenario>();
}

} // namespace actorbench::testing
