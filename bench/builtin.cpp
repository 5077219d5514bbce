#include "bench/builtin.hpp"

#include "bench/scenarios/big/big_scenario.hpp"
#include "bench/scenarios/chameneos/chameneos_scenario.hpp"
#include "bench/scenarios/shared/backend_list.hpp"
#include "bench/scenarios/cipher/cipher_scenario.hpp"
#include "bench/scenarios/fanout/fanout_scenario.hpp"
#include "bench/scenarios/fjthrput/fjthrput_scenario.hpp"
#include "bench/git_commit.hpp"
#include "bench/scenarios/keygen/keygen_scenario.hpp"
#include "bench/scenarios/mailbox/mailbox_scenario.hpp"
#include "bench/scenarios/pingpong/pingpong_scenario.hpp"
#include "bench/scenarios/ring/ring_scenario.hpp"
#include "bench/scenarios/rpc/rpc_scenario.hpp"
#include "bench/scenarios/spawn_tree/spawn_tree_scenario.hpp"
#include "bench/version.hpp"
#include "bench/scenarios/zone/zone_scenario.hpp"

namespace actorbench::bench {

result<void> add_builtin_scenarios(registry& r) {
  // One line per scenario, in the order --help lists them.
  using factory = std::unique_ptr<scenario> (*)();
  const factory scenarios[] = {
    make_fanout_scenario,
    make_cipher_scenario,
    make_keygen_scenario,
    make_zone_scenario,
    make_rpc_scenario,
    // The message-passing suite (the standard actor benchmarks).
    make_pingpong_scenario,
    make_ring_scenario,
    make_mailbox_scenario,
    make_spawn_tree_scenario,
    make_big_scenario,
    make_chameneos_scenario,
    make_fjthrput_scenario,
  };
  for (auto make : scenarios)
    if (auto added = r.add(make()); !added)
      return added.err();
  return {};
}

main_options actorbench_options() {
  main_options o;
  o.tool.name = "actorbench";
  o.tool.version = tool_version;
  o.tool.git_commit = git_commit;
  o.tool.allocator = linked_allocator;
  o.summary = "benchmark actor systems on CAF: messaging, crypto, keys, game zones and RPC";
  o.default_scenario = "fanout";
  o.list = [](bool json) { return json ? describe_backends_json() : describe_backends_text(); };
  return o;
}

} // namespace actorbench::bench
