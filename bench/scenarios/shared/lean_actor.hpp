#pragma once

#include <cstddef>
#include <typeinfo>
#include <utility>

#include <caf/actor.hpp>
#include <caf/behavior.hpp>
#include <caf/system_messages.hpp>
#include <caf/error.hpp>
#include <caf/intrusive/lifo_inbox.hpp>
#include <caf/local_actor.hpp>
#include <caf/mailbox_element.hpp>
#include <caf/resumable.hpp>
#include <caf/type_erased_tuple.hpp>
#include <caf/type_nr.hpp>

namespace actorbench::actors {

// A CAF actor for the suite's message chains (pingpong, ring, big): a real actor
// (CAF handle, mailbox elements, CAF's scheduler, monitors, exits, reachable
// through the middleman) without what scheduled_actor does per resume that
// such a chain never uses: behavior stacks and pattern matching, response
// promises, stream managers and their clock reads, receive timeouts, the
// logger's actor-id bookkeeping. Each message is one type check and one
// virtual call. And, as Go's scheduler does with its `runnext` slot, an
// actor woken by a lean actor's send runs next on the same worker, without
// a trip through the worker's queue (up to handoff_chain times in a row,
// then through the queue, so other jobs get their turn). Measured in
// bench/NOTEBOOK.md (pingpong, ring, big).

/// CAF's lock-free mailbox (a LIFO inbox, read in batches) of mailbox
/// elements.
struct lean_inbox_policy {
  using mapped_type = caf::mailbox_element;
  using unique_pointer = caf::mailbox_element_ptr;
};

/// A cooperatively scheduled actor with one message handler.
class lean_actor : public caf::local_actor, public caf::resumable {
 public:
  /// Makes system().spawn<T>(...) return a caf::actor.
  using behavior_type = caf::behavior;

  /// Hand-offs in a row on one worker before a woken actor goes through the
  /// worker's queue again.
  static constexpr std::size_t handoff_chain = 64;

  explicit lean_actor(caf::actor_config& cfg) : caf::local_actor(cfg) {}

  // -- CAF's actor and resumable interfaces -----------------------------------

  void enqueue(caf::mailbox_element_ptr what, caf::execution_unit* host) override;
  void launch(caf::execution_unit* host, bool lazy, bool hide) override;
  subtype_t subtype() const override { return resumable::scheduled_actor; }
  resume_result resume(caf::execution_unit* host, std::size_t max_throughput) override;
  void intrusive_ptr_add_ref_impl() override { intrusive_ptr_add_ref(ctrl()); }
  void intrusive_ptr_release_impl() override { intrusive_ptr_release(ctrl()); }

 protected:
  /// Called once, at the first resume (a ping sends its first message).
  virtual void on_start() {}
  /// One message that is neither an exit nor a down message.
  virtual void on_message(caf::mailbox_element& e) = 0;
  /// A monitored actor went down (default: nothing).
  virtual void on_down(const caf::down_msg&) {}

  /// Whether `content` is exactly (Ts...): CAF's type token (which names
  /// each built-in type and says "custom" for the others), then each custom
  /// element's type_info. That is CAF's own test (type_erased_tuple::matches)
  /// without its loop over meta elements, some 80 instructions per message
  /// (bench/NOTEBOOK.md: ring).
  template <class... Ts>
  static bool holds(const caf::type_erased_tuple& content) {
    if (content.type_token() != caf::make_type_token<Ts...>())
      return false;
    return same_types<Ts...>(content, std::index_sequence_for<Ts...>{});
  }

  /// Sends `xs...` to `dest` with this actor as the sender.
  template <class... Ts>
  void send_to(const caf::actor& dest, Ts&&... xs) {
    dest->enqueue(
      caf::make_mailbox_element(ctrl(), caf::make_message_id(), {}, std::forward<Ts>(xs)...),
      context());
  }

  /// Sends `xs...` to `dest` without a sender, for receivers that never
  /// need one (the payload names who sent it): a sender costs two atomic
  /// reference-count updates on this actor's control block per message, a
  /// cache line the workers pass between them (bench/NOTEBOOK.md: ring).
  template <class... Ts>
  void post_to(const caf::actor& dest, Ts&&... xs) {
    if (dest)
      dest->enqueue(
        caf::make_mailbox_element(nullptr, caf::make_message_id(), {}, std::forward<Ts>(xs)...),
        context());
  }

  /// Ends the actor once the message being handled is done; the rest of
  /// its mailbox is dropped.
  void quit(caf::error reason = caf::error{});

 private:
  // Whether each custom element has the type_info of its Ts: the same
  // object nearly always (one pointer compare), else an equal one (type_info
  // objects may be duplicated across shared libraries).
  template <class... Ts, std::size_t... Is>
  static bool same_types(const caf::type_erased_tuple& content, std::index_sequence<Is...>) {
    return ((caf::type_nr<Ts>::value != 0 || same_type<Ts>(content.type(Is).second)) && ...);
  }

  template <class T>
  static bool same_type(const std::type_info* t) {
    return t == &typeid(T) || (t != nullptr && *t == typeid(T));
  }

  void handle(caf::mailbox_element& e);
  resume_result resume_self(caf::execution_unit* host, std::size_t max_throughput);
  resume_result finish(caf::execution_unit* host);

  caf::intrusive::lifo_inbox<lean_inbox_policy> inbox_;
  bool started_ = false;
  bool quitting_ = false;
  caf::error reason_;
};

} // namespace actorbench::actors
