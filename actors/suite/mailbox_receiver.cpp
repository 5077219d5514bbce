#include "actors/suite/mailbox_receiver.hpp"

#include <tuple>
#include <typeinfo>
#include <vector>

#include <caf/event_based_actor.hpp>
#include <caf/mailbox_element.hpp>

namespace actorbench::actors {

namespace {

class mailbox_receiver : public caf::event_based_actor {
 public:
  mailbox_receiver(caf::actor_config& cfg, const seal_keys* keys, std::size_t senders,
                   std::size_t messages, mailbox_dispatch dispatch,
                   std::shared_ptr<mailbox_tally> tally)
    : caf::event_based_actor(cfg),
      opener_(keys, senders),
      next_(senders, 0),
      count_(senders, 0),
      messages_(messages),
      tally_(std::move(tally)),
      drain_(dispatch == mailbox_dispatch::drain) {}

  caf::behavior make_behavior() override {
    return {[this](const sealed_payload& p) { on_message(p); }};
  }

  resume_result resume(caf::execution_unit* ctx, std::size_t max_throughput) override {
    // CAF's own path until the behavior is made, and once quitting.
    if (!drain_ || !getf(is_initialized_flag) || getf(is_shutting_down_flag))
      return caf::event_based_actor::resume(ctx, max_throughput);
    return drain_mailbox(ctx, max_throughput);
  }

 private:
  using sealed_element = caf::mailbox_element_vals<sealed_payload>;

  // Handles `x` if it is one of the benchmark's messages (asynchronous, no
  // forwarding stages); anything else is left to CAF's own path.
  bool take(caf::mailbox_element& x) {
    if (!x.mid.is_async() || !x.stages.empty())
      return false;
    // The most derived type: one type_info comparison, no dynamic_cast.
    if (typeid(x) != typeid(sealed_element))
      return false;
    on_message(std::get<0>(static_cast<sealed_element&>(x).data()));
    return true;
  }

  resume_result drain_mailbox(caf::execution_unit* ctx, std::size_t max_throughput) {
    context(ctx);
    auto& inbox = mailbox();
    auto& urgent = std::get<urgent_queue_index>(inbox.queue().queues());
    auto& normal = std::get<normal_queue_index>(inbox.queue().queues());
    std::size_t handled = 0;
    for (;;) {
      // Only fetch_more moves mail into the queues: urgent mail (exit
      // messages) is looked for once per batch, and goes first.
      inbox.fetch_more();
      if (!urgent.empty())
        return caf::event_based_actor::resume(ctx, max_throughput);
      normal.flush_cache();
      while (handled < max_throughput) {
        auto* x = normal.peek();
        if (x == nullptr)
          break;
        if (!take(*x))
          return caf::event_based_actor::resume(ctx, max_throughput);
        normal.take_front();
        ++handled;
        if (getf(is_shutting_down_flag)) {
          finalize();
          return resumable::done;
        }
      }
      if (handled >= max_throughput)
        return resumable::resume_later;
      if (!inbox.queue().empty())
        return caf::event_based_actor::resume(ctx, max_throughput);
      if (inbox.try_block())
        return resumable::awaiting_message;
    }
  }

  void on_message(const sealed_payload& p) {
    opener_.open(p);
    if (p.sender >= next_.size()) {
      ++mismatches_; // no such sender
    } else {
      if (p.counter != next_[p.sender])
        ++mismatches_;
      next_[p.sender] = p.counter + 1;
      ++count_[p.sender];
    }
    // A relaxed store now and then: enough for a timeout's message, and no
    // shared cache line written per message.
    if (++received_ == tally_->expected)
      finish();
    else if ((received_ & 0xfff) == 0)
      tally_->progress.store(received_, std::memory_order_relaxed);
  }

  // Every sender must have sent exactly 0..M-1: its count and its last
  // sequence number are both M.
  void finish() {
    for (std::size_t s = 0; s < next_.size(); ++s)
      if (next_[s] != messages_ || count_[s] != messages_)
        ++mismatches_;
    tally_->mismatches.store(mismatches_);
    tally_->progress.store(received_);
    tally_->done.count_down();
    quit();
  }

  message_opener opener_;
  std::vector<std::uint64_t> next_;
  std::vector<std::uint64_t> count_;
  std::uint64_t messages_;
  std::uint64_t received_ = 0;
  std::uint64_t mismatches_ = 0;
  std::shared_ptr<mailbox_tally> tally_;
  bool drain_;
};

} // namespace

caf::actor spawn_mailbox_receiver(caf::actor_system& system, const seal_keys& keys,
                                  std::size_t senders, std::size_t messages,
                                  mailbox_dispatch dispatch, std::shared_ptr<mailbox_tally> tally) {
  return system.spawn<mailbox_receiver>(&keys, senders, messages, dispatch, std::move(tally));
}

} // namespace actorbench::actors
