#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>

#include "actors/error.hpp"
#include "bench/scenarios/mailbox/mailbox_receiver.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/scenarios/shared/suite_fault.hpp"

namespace actorbench::actors {

// The mailbox benchmark (CAF's mailbox_performance shape): S senders each
// send M messages to one receiver as fast as they can, with no
// acknowledgement. A message is a sealed_payload: its sender's id and its
// sequence number (the sealer's counter, 0..M-1), plus the sealed bytes with
// crypto on. The receiver checks every sender's order and count.

/// One mailbox run's sizes.
struct mailbox_params {
  std::size_t senders = 100;
  /// Messages per sender.
  std::size_t messages = 100'000;
  /// Messages a sender sends per turn before it yields its worker.
  std::size_t burst = 64;
  /// Flow control, as a bounded mailbox: a sender has at most `window`
  /// messages not yet taken by the receiver; every window/2 messages it asks
  /// for credit (a real message behind them) and the receiver answers once it
  /// has taken them. 0: none (the mailbox may hold every message at once).
  std::size_t window = 0;
  /// How the receiver takes its messages.
  mailbox_dispatch dispatch = mailbox_dispatch::lean;
  /// The longest the receiver may take to get every message.
  std::chrono::milliseconds timeout{60'000};
  /// forge: sender 0's middle message altered; replay: sent twice;
  /// miscount: sender 0 skips one sequence number (seals it, never sends it).
  suite_fault fault = suite_fault::none;
};

/// What one mailbox run measured.
struct mailbox_sample {
  std::size_t senders = 0;
  std::size_t messages = 0;
  /// Messages the receiver handled: senders × messages when it ended.
  std::uint64_t received = 0;
  /// Messages out of order (not the sender's next sequence number), plus
  /// senders whose count or last sequence number was not M at the end.
  std::uint64_t mismatches = 0;
  /// From the first sender's spawn until the receiver checked the last message.
  double elapsed_s = 0;
};

/// Spawns sender `id` (0 <= id < senders, its sealer's id), which sends its
/// `params.messages` messages to `receiver` and quits. The receiver may be
/// any actor handle, local or a remote node's; `tally` hears of a sealing
/// failure. `keys` must outlive it, unless `owner` (the keys' shared owner,
/// for a node's senders that nobody else keeps them for) is given: the
/// sender then holds them until its sealer is gone.
caf::actor spawn_mailbox_sender(caf::actor_system& system, const seal_keys& keys,
                                const mailbox_params& params, const caf::actor& receiver,
                                std::uint32_t id, std::shared_ptr<mailbox_tally> tally,
                                std::shared_ptr<const seal_keys> owner = nullptr);

/// One mailbox run on `system`: receiver, then (timed from here) the
/// senders, until the receiver has checked every message or the timeout.
result<mailbox_sample> run_mailbox(caf::actor_system& system, const seal_keys& keys,
                                   const mailbox_params& params);

/// Bytes one queued message takes (CAF's mailbox element with the payload
/// inside, and the sealed bytes' own allocation with crypto on), measured on
/// this build: the worst case queues every message of a run at once.
std::uint64_t mailbox_bytes_per_message(std::size_t sealed_bytes);

} // namespace actorbench::actors
