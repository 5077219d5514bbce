// plain_caf_pingpong: the suite's pingpong written the obvious way with plain
// CAF 0.17, as a peer for actorbench (same task, no actorbench code).
//
// Two event-based actors: ping sends round-trip number k (1..N) to pong, pong
// echoes it back, ping checks it is the one it expects and sends the next;
// after N round trips ping tells the scoped_actor in main, which waits.
//
// Usage: plain_caf_pingpong RUNS [ROUND_TRIPS=1000000]
// Prints one line per run: seconds=X mismatches=Y

#include "plain_caf_peer.hpp"

#include <tuple>

namespace {

using ping_atom = caf::atom_constant<caf::atom("ping")>;
using pong_atom = caf::atom_constant<caf::atom("pong")>;
using done_atom = caf::atom_constant<caf::atom("done")>;

caf::behavior pong(caf::event_based_actor*) {
  return {
    [](ping_atom, uint64_t k) { return std::make_tuple(pong_atom::value, k); },
  };
}

struct ping_state {
  uint64_t expected = 1;
  uint64_t mismatches = 0;
};

caf::behavior ping(caf::stateful_actor<ping_state>* self, caf::actor buddy, caf::actor main,
                   uint64_t round_trips) {
  self->send(buddy, ping_atom::value, uint64_t{1});
  return {
    [=](pong_atom, uint64_t k) {
      auto& st = self->state;
      if (k != st.expected)
        ++st.mismatches;
      if (st.expected == round_trips) {
        self->send(main, done_atom::value, st.expected, st.mismatches);
        self->quit();
        return;
      }
      self->send(buddy, ping_atom::value, ++st.expected);
    },
  };
}

plain_caf_peer::outcome run_once(caf::actor_system& sys, uint64_t round_trips) {
  caf::scoped_actor self{sys};
  plain_caf_peer::outcome result{0, 0};
  auto start = std::chrono::steady_clock::now();
  auto buddy = sys.spawn(pong);
  sys.spawn(ping, buddy, caf::actor{self}, round_trips);
  self->receive(
    [&](done_atom, uint64_t done, uint64_t mismatches) {
      result.mismatches = mismatches + (done == round_trips ? 0 : 1);
      result.seconds = plain_caf_peer::seconds_since(start);
    },
    caf::after(plain_caf_peer::timeout) >>
      [&] { plain_caf_peer::give_up("plain_caf_pingpong", "ping did not report"); });
  self->send_exit(buddy, caf::exit_reason::user_shutdown);
  return result;
}

} // namespace

int main(int argc, char** argv) {
  auto args = plain_caf_peer::parse_args(argc, argv, "RUNS [ROUND_TRIPS=1000000]", {1000000});
  caf::actor_system_config cfg;
  caf::actor_system sys{cfg};
  for (uint64_t i = 0; i < args[0]; ++i)
    plain_caf_peer::print(run_once(sys, args[1]));
  return 0;
}
