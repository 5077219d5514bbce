#include "bench/scenarios/mailbox/mailbox_receiver.hpp"

#include <algorithm>
#include <tuple>
#include <typeinfo>
#include <vector>

#include <caf/actor_cast.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/mailbox_element.hpp>

#include "bench/scenarios/shared/lean_actor.hpp"
#include "bench/scenarios/shared/recycled_element.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"

namespace actorbench::actors {

namespace {

// What the local senders send (mailbox.cpp): one recycled sealed_payload.
using payload_element = recycled_element<sealed_payload>;

// The receiver's checks, whichever actor runs them. Each sender's state is
// one 24-byte slot of a flat array indexed by its (dense) id, so a message
// touches one cache line of it. With crypto off there is nothing to open:
// the replay check the opener would make (a counter not above the highest
// seen) is made here, on the same slot, and reported as the opener would.
class mailbox_check {
 public:
  mailbox_check(const seal_keys* keys, std::size_t senders, std::size_t messages,
                std::shared_ptr<mailbox_tally> tally)
    : keys_(keys),
      opener_(keys, keys != nullptr && keys->on() ? senders : 0),
      crypto_(keys != nullptr && keys->on()),
      slots_(senders),
      messages_(messages),
      expected_(tally->expected),
      tally_(std::move(tally)) {}

  /// Checks one message; true after the last one (the verdict is out).
  bool on_message(const sealed_payload& p) {
    if (crypto_)
      opener_.open(p);
    if (p.sender >= slots_.size()) {
      ++mismatches_; // no such sender
    } else {
      auto& s = slots_[p.sender];
      if (!crypto_ && p.counter < s.high)
        count_replay();
      s.high = std::max(s.high, p.counter + 1);
      mismatches_ += p.counter != s.next;
      s.next = p.counter + 1;
      ++s.count;
    }
    // A relaxed store now and then: enough for a timeout's message, and no
    // shared cache line written per message.
    if (++received_ == expected_) {
      finish();
      return true;
    }
    if ((received_ & 0xfff) == 0)
      tally_->progress.store(received_, std::memory_order_relaxed);
    return false;
  }

 private:
  /// One sender's order and count: its next counter, messages taken, and
  /// 1 + the highest counter seen (what the opener calls fresh).
  struct slot {
    std::uint64_t next = 0;
    std::uint64_t count = 0;
    std::uint64_t high = 0;
  };

  // Rare (a fault): reported at once, as the opener does.
  void count_replay() {
    if (keys_ != nullptr)
      keys_->add_rejects(0, 1);
  }

  // Every sender must have sent exactly 0..M-1: its count and its last
  // sequence number are both M.
  void finish() {
    for (const auto& s : slots_)
      if (s.next != messages_ || s.count != messages_)
        ++mismatches_;
    tally_->mismatches.store(mismatches_);
    tally_->progress.store(received_);
    tally_->done.count_down();
  }

  const seal_keys* keys_;
  message_opener opener_;
  bool crypto_;
  std::vector<slot> slots_;
  std::uint64_t messages_;
  std::uint64_t expected_;
  std::uint64_t received_ = 0;
  std::uint64_t mismatches_ = 0;
  std::shared_ptr<mailbox_tally> tally_;
};

// The receiver as a lean actor: CAF's lock-free inbox read in batches, one
// type check per message, no scheduled_actor queues or categorising.
class lean_mailbox_receiver : public lean_actor {
 public:
  lean_mailbox_receiver(caf::actor_config& cfg, mailbox_check check)
    : lean_actor(cfg), check_(std::move(check)) {}

 protected:
  void on_message(caf::mailbox_element& e) override {
    // The most derived type: one type_info comparison, no CAF type matching.
    if (typeid(e) == typeid(payload_element)) {
      if (check_.on_message(std::get<0>(static_cast<payload_element&>(e).values())))
        quit();
    } else if (e.content().match_elements<sealed_payload>()) {
      // From another node: CAF made the element while deserializing it.
      if (check_.on_message(e.content().get_as<sealed_payload>(0)))
        quit();
    } else if (e.content().match_elements<mailbox_credit_atom>() && e.sender != nullptr) {
      // Behind the sender's earlier messages: every one of them is taken.
      send_to(caf::actor_cast<caf::actor>(e.sender), mailbox_credit_atom::value);
    }
  }

 private:
  mailbox_check check_;
};

// The idiomatic receiver: CAF's behavior dispatch for every message.
class mailbox_receiver : public caf::event_based_actor {
 public:
  mailbox_receiver(caf::actor_config& cfg, mailbox_check check)
    : caf::event_based_actor(cfg), check_(std::move(check)) {}

  caf::behavior make_behavior() override {
    return {[this](const sealed_payload& p) {
              if (check_.on_message(p))
                quit();
            },
            [](mailbox_credit_atom) { return mailbox_credit_atom::value; }};
  }

 private:
  mailbox_check check_;
};

} // namespace

caf::actor spawn_mailbox_receiver(caf::actor_system& system, const seal_keys& keys,
                                  std::size_t senders, std::size_t messages,
                                  mailbox_dispatch dispatch, std::shared_ptr<mailbox_tally> tally) {
  mailbox_check check{&keys, senders, messages, std::move(tally)};
  if (dispatch == mailbox_dispatch::lean)
    return system.spawn<lean_mailbox_receiver>(std::move(check));
  return system.spawn<mailbox_receiver>(std::move(check));
}

} // namespace actorbench::actors
