#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>
#include <caf/atom.hpp>

#include "actors/runtime/countdown_latch.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"

namespace actorbench::actors {

/// How the mailbox benchmark's receiver takes its messages.
enum class mailbox_dispatch {
  /// The receiver is a lean_actor: CAF's lock-free inbox read in batches,
  /// one type_info comparison and one virtual call per message. CAF 0.17's
  /// behavior dispatch costs about 750 instructions a message (categorising,
  /// DRR rounds, a clock read every 3 messages, a response promise per
  /// message): more than the check itself many times over.
  lean,
  /// CAF's behavior dispatch for every message (the idiomatic handler).
  behavior,
};

/// Flow control (mailbox_params::window): a sender's request, sent behind its
/// messages, and the receiver's answer, sent once it has taken them: the
/// sender may then send another half window.
using mailbox_credit_atom = caf::atom_constant<caf::atom("mbcredit")>;

/// What the run's actors share with whoever waits for them (held by each,
/// so a run that timed out may return while they still go on).
struct mailbox_tally {
  /// `total`: the messages the receiver ends at.
  explicit mailbox_tally(std::uint64_t total) : expected(total) {}
  /// Counted down by the receiver after the last check (stamping the time),
  /// or by a sender whose sealing failed (with `seal_failed` set).
  countdown_latch done{1};
  const std::uint64_t expected;
  /// The receiver's count now and then (for a timeout's message), and at the end.
  std::atomic<std::uint64_t> progress{0};
  /// The receiver's verdict, set before `done`.
  std::atomic<std::uint64_t> mismatches{0};
  std::atomic<bool> seal_failed{false};
};

/// Spawns the receiver of `senders` x `messages` messages: it checks each
/// one as it arrives and, after the last, counts down `tally->done` and
/// quits; it answers each mailbox_credit_atom request with one. `keys` must
/// outlive it.
caf::actor spawn_mailbox_receiver(caf::actor_system& system, const seal_keys& keys,
                                  std::size_t senders, std::size_t messages,
                                  mailbox_dispatch dispatch, std::shared_ptr<mailbox_tally> tally);

} // namespace actorbench::actors
