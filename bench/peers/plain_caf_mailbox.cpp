// plain_caf_mailbox: the suite's mailbox written the obvious way with plain
// CAF 0.17, as a peer for actorbench (same task, no actorbench code).
//
// S event-based senders each send M messages (id, sequence number 0..M-1) to
// one receiver as fast as they can, without acknowledgement. The receiver
// checks every sender's sequence arrives complete and in order, and after
// S*M messages tells the scoped_actor in main, which waits.
//
// Usage: plain_caf_mailbox RUNS [SENDERS=100] [MESSAGES_PER_SENDER=100000]
// Prints one line per run: seconds=X mismatches=Y

#include "plain_caf_peer.hpp"

namespace {

using msg_atom = caf::atom_constant<caf::atom("msg")>;
using done_atom = caf::atom_constant<caf::atom("done")>;

struct receiver_state {
  std::vector<uint64_t> next; // per sender: the sequence number due next
  uint64_t received = 0;
  uint64_t mismatches = 0;
};

caf::behavior receiver(caf::stateful_actor<receiver_state>* self, caf::actor main, uint64_t senders,
                       uint64_t per_sender) {
  self->state.next.assign(senders, 0);
  return {
    [=](msg_atom, uint64_t id, uint64_t seq) {
      auto& st = self->state;
      if (id >= senders) {
        ++st.mismatches;
      } else {
        // Out of order: count it and carry on from what arrived.
        if (seq != st.next[id])
          ++st.mismatches;
        st.next[id] = seq + 1;
      }
      if (++st.received < senders * per_sender)
        return;
      for (auto n : st.next)
        if (n != per_sender)
          ++st.mismatches;
      self->send(main, done_atom::value, st.mismatches);
      self->quit();
    },
  };
}

plain_caf_peer::outcome run_once(caf::actor_system& sys, uint64_t senders, uint64_t per_sender) {
  caf::scoped_actor self{sys};
  plain_caf_peer::outcome result{0, 0};
  auto start = std::chrono::steady_clock::now();
  auto sink = sys.spawn(receiver, caf::actor{self}, senders, per_sender);
  for (uint64_t id = 0; id < senders; ++id) {
    // A void function actor: it runs once, sends its messages and terminates.
    sys.spawn([=](caf::event_based_actor* sender) {
      for (uint64_t seq = 0; seq < per_sender; ++seq)
        sender->send(sink, msg_atom::value, id, seq);
    });
  }
  self->receive(
    [&](done_atom, uint64_t mismatches) {
      result.mismatches = mismatches;
      result.seconds = plain_caf_peer::seconds_since(start);
    },
    caf::after(plain_caf_peer::timeout) >>
      [&] {
        plain_caf_peer::give_up("plain_caf_mailbox", "the receiver did not get all messages");
      });
  return result;
}

} // namespace

int main(int argc, char** argv) {
  auto args = plain_caf_peer::parse_args(
    argc, argv, "RUNS [SENDERS=100] [MESSAGES_PER_SENDER=100000]", {100, 100000});
  caf::actor_system_config cfg;
  caf::actor_system sys{cfg};
  for (uint64_t i = 0; i < args[0]; ++i)
    plain_caf_peer::print(run_once(sys, args[1], args[2]));
  return 0;
}
