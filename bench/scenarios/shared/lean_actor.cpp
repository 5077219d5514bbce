#include "bench/scenarios/shared/lean_actor.hpp"

#include <caf/actor_system.hpp>
#include <caf/exit_reason.hpp>
#include <caf/scheduler/abstract_coordinator.hpp>

namespace actorbench::actors {

namespace {

caf::mailbox_element* next_of(caf::mailbox_element* e) {
  return static_cast<caf::mailbox_element*>(e->next);
}

// Per worker thread: the lean actor resuming now, and the one its sends
// woke up first, to run next.
struct handoff_slot {
  lean_actor* running = nullptr;
  lean_actor* next = nullptr;
};

thread_local handoff_slot handoff;

} // namespace

void lean_actor::enqueue(caf::mailbox_element_ptr what, caf::execution_unit* host) {
  // As scheduled_actor does: the one who wakes the actor up schedules it,
  // on the current worker when there is one.
  if (inbox_.push_front(what.release()) != caf::intrusive::inbox_result::unblocked_reader)
    return;
  intrusive_ptr_add_ref(ctrl());
  auto& slot = handoff;
  if (host != nullptr && slot.running != nullptr && slot.next == nullptr && slot.running != this) {
    slot.next = this;
    return;
  }
  if (host != nullptr)
    host->exec_later(this);
  else
    home_system().scheduler().enqueue(this);
}

void lean_actor::launch(caf::execution_unit* host, bool lazy, bool hide) {
  if (!hide)
    register_at_system();
  if (lazy && inbox_.try_block())
    return;
  intrusive_ptr_add_ref(ctrl());
  host->exec_later(this);
}

void lean_actor::quit(caf::error reason) {
  if (quitting_)
    return;
  quitting_ = true;
  reason_ = std::move(reason);
}

void lean_actor::handle(caf::mailbox_element& e) {
  current_mailbox_element(&e);
  auto& content = e.content();
  // One virtual type_token call for both system messages (both are CAF
  // built-in types, so the token alone names them) instead of one per test.
  const auto token = content.type_token();
  if (token == caf::make_type_token<caf::exit_msg>()) {
    // As CAF's default exit handler: a normal exit is not a reason to stop.
    auto& reason = content.get_as<caf::exit_msg>(0).reason;
    if (reason != caf::exit_reason::normal)
      quit(reason);
  } else if (token == caf::make_type_token<caf::down_msg>()) {
    on_down(content.get_as<caf::down_msg>(0));
  } else {
    on_message(e);
  }
  current_mailbox_element(nullptr);
}

caf::resumable::resume_result lean_actor::finish(caf::execution_unit* host) {
  inbox_.close();
  on_exit();
  cleanup(std::move(reason_), host);
  return resumable::done;
}

caf::resumable::resume_result lean_actor::resume(caf::execution_unit* host,
                                                 std::size_t max_throughput) {
  auto& slot = handoff;
  slot.running = this;
  auto result = resume_self(host, max_throughput);
  // The actors this one woke, one after the other on this worker; each
  // holds the reference its wake-up took, as a job in the queue would.
  for (std::size_t n = 0; n < handoff_chain && slot.next != nullptr; ++n) {
    auto* next = std::exchange(slot.next, nullptr);
    slot.running = next;
    if (next->resume_self(host, max_throughput) == resumable::resume_later)
      host->exec_later(next);
    else
      intrusive_ptr_release(next->ctrl());
  }
  slot.running = nullptr;
  if (auto* next = std::exchange(slot.next, nullptr))
    host->exec_later(next);
  return result;
}

caf::resumable::resume_result lean_actor::resume_self(caf::execution_unit* host,
                                                      std::size_t max_throughput) {
  context(host);
  if (!started_) {
    started_ = true;
    on_start();
    if (quitting_)
      return finish(host);
  }
  std::size_t handled = 0;
  while (handled < max_throughput) {
    auto* head = inbox_.take_head();
    if (head == nullptr) {
      if (inbox_.try_block())
        return resumable::awaiting_message;
      continue;
    }
    // The inbox is a stack: reversed, its batch is in the order sent.
    caf::mailbox_element* batch = nullptr;
    while (head != nullptr) {
      auto* next = next_of(head);
      head->next = batch;
      batch = head;
      head = next;
    }
    while (batch != nullptr) {
      caf::mailbox_element_ptr e{batch};
      batch = next_of(batch);
      handle(*e);
      ++handled;
      if (quitting_) {
        while (batch != nullptr)
          caf::mailbox_element_ptr{std::exchange(batch, next_of(batch))};
        return finish(host);
      }
    }
  }
  return inbox_.try_block() ? resumable::awaiting_message : resumable::resume_later;
}

} // namespace actorbench::actors
