#include "actors/suite/mailbox.hpp"

#include <memory>
#include <string>
#include <vector>

#include <caf/event_based_actor.hpp>
#include <caf/exit_reason.hpp>
#include <caf/mailbox_element.hpp>
#include <caf/send.hpp>

namespace actorbench::actors {

namespace {

// An anonymous send (no sender reference to count up and down per message,
// as CAF's mailbox_performance does) that still wakes the receiver on this
// worker, as a send from an actor does.
void enqueue(caf::local_actor* self, const caf::actor& receiver, sealed_payload&& p) {
  receiver->enqueue(caf::make_mailbox_element(nullptr, caf::make_message_id(), {}, std::move(p)),
                    self->context());
}

// Sends every message in one go, as fast as the mailbox takes them.
caf::behavior mailbox_sender(caf::event_based_actor* self, caf::actor receiver,
                             message_sealer sealer, std::size_t messages, suite_fault fault,
                             std::shared_ptr<mailbox_tally> tally) {
  const bool faulty = sealer.sender() == 0 && fault != suite_fault::none;
  for (std::size_t i = 0; i < messages; ++i) {
    auto p = sealer.seal();
    if (p && faulty && i == messages / 2) {
      if (fault == suite_fault::forge)
        forge(*p);
      else if (fault == suite_fault::replay)
        enqueue(self, receiver, sealed_payload{*p});
      else if (fault == suite_fault::miscount)
        p = sealer.seal(); // the skipped number is never sent
    }
    if (!p) {
      // The receiver cannot end now: wake the waiter instead.
      tally->seal_failed.store(true);
      tally->done.count_down();
      break;
    }
    enqueue(self, receiver, std::move(*p));
  }
  self->quit();
  return {};
}

} // namespace

caf::actor spawn_mailbox_sender(caf::actor_system& system, const seal_keys& keys,
                                const mailbox_params& params, const caf::actor& receiver,
                                std::uint32_t id, std::shared_ptr<mailbox_tally> tally) {
  return system.spawn(mailbox_sender, receiver, message_sealer{&keys, id}, params.messages,
                      params.fault, std::move(tally));
}

namespace {

double seconds(countdown_latch::clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

error timed_out(const mailbox_params& params, const mailbox_tally& tally) {
  return error{errc::timeout,
               "mailbox: the receiver had about " + std::to_string(tally.progress.load()) + " of "
                 + std::to_string(tally.expected) + " messages (" + std::to_string(params.senders)
                 + " senders x " + std::to_string(params.messages) + ") after "
                 + std::to_string(params.timeout.count()) + " ms"};
}

} // namespace

result<mailbox_sample> run_mailbox(caf::actor_system& system, const seal_keys& keys,
                                   const mailbox_params& params) {
  if (params.senders == 0 || params.messages == 0)
    return error{errc::bad_parameter, "mailbox needs at least one sender and one message"};
  const auto total = static_cast<std::uint64_t>(params.senders) * params.messages;
  auto tally = std::make_shared<mailbox_tally>(total);
  auto receiver =
    spawn_mailbox_receiver(system, keys, params.senders, params.messages, params.dispatch, tally);
  std::vector<caf::actor> senders;
  senders.reserve(params.senders);
  const auto start = countdown_latch::clock::now();
  for (std::size_t s = 0; s < params.senders; ++s)
    senders.push_back(
      spawn_mailbox_sender(system, keys, params, receiver, static_cast<std::uint32_t>(s), tally));
  const bool done = tally->done.wait_for(params.timeout);
  if (!done || tally->seal_failed.load()) {
    // Senders end on their own; the receiver waits for messages that will
    // not come.
    caf::anon_send_exit(receiver, caf::exit_reason::kill);
    if (!done)
      return timed_out(params, *tally);
    return error{errc::crypto_failure, "mailbox: a sender could not seal its payload"};
  }
  mailbox_sample out;
  out.senders = params.senders;
  out.messages = params.messages;
  out.received = tally->progress.load();
  out.mismatches = tally->mismatches.load();
  out.elapsed_s = seconds(tally->done.reached_at() - start);
  return out;
}

std::uint64_t mailbox_bytes_per_message(std::size_t sealed_bytes) {
  // jemalloc's size classes: 16-byte steps up to 128, then 4 per doubling.
  auto rounded = [](std::uint64_t n) -> std::uint64_t {
    if (n == 0)
      return 0;
    if (n <= 128)
      return (n + 15) / 16 * 16;
    std::uint64_t group = 64;
    while (group * 2 < n)
      group *= 2;
    const auto step = group / 4;
    return (n + step - 1) / step * step;
  };
  return rounded(sizeof(caf::mailbox_element_vals<sealed_payload>)) + rounded(sealed_bytes);
}

} // namespace actorbench::actors
