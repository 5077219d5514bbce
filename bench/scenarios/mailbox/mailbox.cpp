#include "bench/scenarios/mailbox/mailbox.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <caf/event_based_actor.hpp>
#include <caf/exit_reason.hpp>
#include <caf/mailbox_element.hpp>
#include <caf/send.hpp>

#include "bench/scenarios/shared/recycled_element.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"

namespace actorbench::actors {

namespace {

// A recycled element of one sealed_payload: CAF's mailbox_element_vals
// layout and content, so BASP carries it to a remote receiver unchanged.
using payload_element = recycled_element<sealed_payload>;

// An anonymous send (no sender reference to count up and down per message,
// as CAF's mailbox_performance does) that still wakes the receiver on this
// worker, as a send from an actor does. The element is a recycled one
// (payload_element), its payload's bytes kept; `fill` seals into that
// payload in place, and false from it means there is nothing to send.
template <class Fill>
bool send_payload(caf::local_actor* self, const caf::actor& receiver, Fill&& fill) {
  auto e = payload_element::take();
  if (!fill(std::get<0>(static_cast<payload_element&>(*e).values())))
    return false;
  receiver->enqueue(std::move(e), self->context());
  return true;
}

// Sends its messages `burst` at a time, yielding its worker between bursts
// (as Erlang's scheduler preempts a process after its reductions) so the
// receiver runs while what it is sent is still in cache. A turn needs no
// message: the sender stays scheduled, at the back of its worker's queue,
// until its last burst or until it has used its window (params.window),
// when it waits for the receiver's credit.
class mailbox_sender : public caf::event_based_actor {
 public:
  mailbox_sender(caf::actor_config& cfg, caf::actor receiver, message_sealer sealer,
                 const mailbox_params& params, std::shared_ptr<mailbox_tally> tally,
                 std::shared_ptr<const seal_keys> owner)
    : caf::event_based_actor(cfg),
      owner_(std::move(owner)),
      receiver_(std::move(receiver)),
      sealer_(std::move(sealer)),
      messages_(params.messages),
      burst_(std::max<std::size_t>(params.burst, 1)),
      half_window_(std::max<std::size_t>(params.window / 2, 1)),
      allowed_(params.window == 0 ? params.messages : params.window),
      flow_control_(params.window != 0),
      fault_(sealer_.sender() == 0 ? params.fault : suite_fault::none),
      tally_(std::move(tally)) {}

  // Its mail: the receiver's credit, and an exit message (CAF's default
  // handling of that needs a behavior to be there).
  caf::behavior make_behavior() override {
    return {[this](mailbox_credit_atom) { allowed_ += half_window_; }};
  }

  resume_result resume(caf::execution_unit* ctx, std::size_t max_throughput) override {
    if (!mailbox().empty() || getf(is_shutting_down_flag))
      return after_mail(caf::event_based_actor::resume(ctx, max_throughput));
    if (!activate(ctx)) // the first turn makes the behavior
      return resumable::done;
    if (may_send()) {
      send_burst();
      if (finalize())
        return resumable::done;
      if (may_send())
        return resumable::resume_later;
    }
    // Out of credit: wait for it, unless it is already there.
    if (mailbox().try_block())
      return resumable::awaiting_message;
    return after_mail(caf::event_based_actor::resume(ctx, max_throughput));
  }

 private:
  bool may_send() const { return sent_ < std::min(messages_, allowed_); }

  // CAF's resume blocks the mailbox once it is empty; with credit to spend
  // the sender goes on with its turns instead (unless a new message has
  // already scheduled it).
  resume_result after_mail(resume_result r) {
    if (r == resumable::awaiting_message && may_send() && !getf(is_shutting_down_flag))
      return mailbox().try_unblock() ? resumable::resume_later : resumable::awaiting_message;
    return r;
  }

  void send_burst() {
    const auto end = std::min({messages_, allowed_, sent_ + burst_});
    while (sent_ < end) {
      const bool faulty = fault_ != suite_fault::none && sent_ == messages_ / 2;
      auto seal = [&](sealed_payload& p) {
        if (sealer_.seal_into(p))
          return false;
        if (faulty)
          apply_fault(p);
        return true;
      };
      if (!send_payload(this, receiver_, seal)) {
        // The receiver cannot end now: wake the waiter instead.
        tally_->seal_failed.store(true);
        tally_->done.count_down();
        quit();
        return;
      }
      if (++sent_ % half_window_ == 0 && flow_control_ && sent_ < messages_)
        receiver_->enqueue(
          caf::make_mailbox_element(ctrl(), caf::make_message_id(), {}, mailbox_credit_atom::value),
          context());
    }
    if (sent_ == messages_)
      quit();
  }

  void apply_fault(sealed_payload& p) {
    if (fault_ == suite_fault::forge)
      forge(p);
    else if (fault_ == suite_fault::replay)
      send_payload(this, receiver_, [&p](sealed_payload& copy) {
        copy = p;
        return true;
      });
    else if (fault_ == suite_fault::miscount && !sealer_.seal())
      tally_->seal_failed.store(true); // the skipped number is never sent
  }

  // Declared before the sealer, so destroyed after it: the sealer reports
  // its counts to the keys in its destructor, which runs after CAF's
  // cleanup (and any functor attached to the actor) is done.
  std::shared_ptr<const seal_keys> owner_;
  caf::actor receiver_;
  message_sealer sealer_;
  std::size_t messages_;
  std::size_t burst_;
  std::size_t half_window_;
  /// Messages it may have sent so far: its window plus the credit it got.
  std::size_t allowed_;
  bool flow_control_;
  std::size_t sent_ = 0;
  suite_fault fault_;
  std::shared_ptr<mailbox_tally> tally_;
};

} // namespace

caf::actor spawn_mailbox_sender(caf::actor_system& system, const seal_keys& keys,
                                const mailbox_params& params, const caf::actor& receiver,
                                std::uint32_t id, std::shared_ptr<mailbox_tally> tally,
                                std::shared_ptr<const seal_keys> owner) {
  return system.spawn<mailbox_sender>(receiver, message_sealer{&keys, id}, params, std::move(tally),
                                      std::move(owner));
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
    // Senders stop at their next turn; the receiver would wait for
    // messages that will not come.
    for (auto& s : senders)
      caf::anon_send_exit(s, caf::exit_reason::kill);
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
  return rounded(sizeof(payload_element)) + rounded(sealed_bytes);
}

} // namespace actorbench::actors
