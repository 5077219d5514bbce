// plain_caf_spawn_tree: the suite's spawn-tree (SkyNet's shape) written the
// obvious way with plain CAF 0.17, as a peer for actorbench (same task, no
// actorbench code).
//
// Every inner actor spawns its B children and sums their answers; leaf i of
// the L = B^D leaves, numbered left to right from 0, answers i. The root
// answers the scoped_actor in main, which checks the sum is L(L-1)/2.
//
// Usage: plain_caf_spawn_tree RUNS [BRANCHING=10] [DEPTH=6]
// Prints one line per run: seconds=X mismatches=Y

#include "plain_caf_peer.hpp"

namespace {

using result_atom = caf::atom_constant<caf::atom("result")>;

struct node_state {
  uint64_t pending = 0; // children that have not answered yet
  uint64_t sum = 0;
};

/// A subtree `depth` levels deep whose leftmost leaf is number `first_leaf`.
caf::behavior node(caf::stateful_actor<node_state>* self, caf::actor parent, uint64_t branching,
                   uint64_t depth, uint64_t first_leaf) {
  if (depth == 0) {
    self->send(parent, result_atom::value, first_leaf);
    return {}; // no behavior: the leaf terminates
  }
  uint64_t width = 1; // leaves under each child
  for (uint64_t d = 1; d < depth; ++d)
    width *= branching;
  self->state.pending = branching;
  for (uint64_t k = 0; k < branching; ++k)
    self->spawn(node, self, branching, depth - 1, first_leaf + k * width);
  return {
    [=](result_atom, uint64_t x) {
      auto& st = self->state;
      st.sum += x;
      if (--st.pending == 0) {
        self->send(parent, result_atom::value, st.sum);
        self->quit();
      }
    },
  };
}

plain_caf_peer::outcome run_once(caf::actor_system& sys, uint64_t branching, uint64_t depth,
                                 uint64_t leaves) {
  caf::scoped_actor self{sys};
  plain_caf_peer::outcome result{0, 0};
  auto start = std::chrono::steady_clock::now();
  sys.spawn(node, caf::actor{self}, branching, depth, uint64_t{0});
  self->receive(
    [&](result_atom, uint64_t sum) {
      result.mismatches = sum == leaves * (leaves - 1) / 2 ? 0 : 1;
      result.seconds = plain_caf_peer::seconds_since(start);
    },
    caf::after(plain_caf_peer::timeout) >>
      [&] { plain_caf_peer::give_up("plain_caf_spawn_tree", "the root did not answer"); });
  return result;
}

} // namespace

int main(int argc, char** argv) {
  const char* usage = "RUNS [BRANCHING=10] [DEPTH=6]";
  auto args = plain_caf_peer::parse_args(argc, argv, usage, {10, 6});
  // The root's sum L(L-1)/2 must fit in 64 bits, and the tree in memory.
  uint64_t leaves = 1;
  for (uint64_t d = 0; d < args[2]; ++d) {
    if (leaves > (uint64_t{1} << 32) / args[1]) {
      std::fprintf(stderr, "%s: BRANCHING^DEPTH must be at most 2^32\n", argv[0]);
      return 2;
    }
    leaves *= args[1];
  }
  caf::actor_system_config cfg;
  caf::actor_system sys{cfg};
  for (uint64_t i = 0; i < args[0]; ++i)
    plain_caf_peer::print(run_once(sys, args[1], args[2], leaves));
  return 0;
}
