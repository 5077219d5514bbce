#pragma once

#include <cstddef>
#include <tuple>
#include <utility>

#include <caf/detail/tuple_vals.hpp>
#include <caf/mailbox_element.hpp>
#include <caf/make_message.hpp>
#include <caf/message.hpp>
#include <caf/message_id.hpp>
#include <caf/type_erased_tuple.hpp>

namespace actorbench::actors {

// Included only by the suite's scenario .cpp files (it needs CAF).
//
// A CAF mailbox element of one fixed shape (Ts...) whose memory is recycled:
// CAF frees an element through its virtual request_deletion (the disposer of
// mailbox_element_ptr), so this type takes it back onto its thread's free
// list instead of running two destructors and the allocator's free, and the
// next take() or make() on that thread reuses it, values and all (a vector
// keeps its buffer). Its bases are those of CAF's mailbox_element_vals<Ts...>
// in the same order, with the same content(), type token and message copy
// and move, so any CAF actor can receive it and BASP serializes it for a
// remote receiver (mailbox --nodes) exactly as it would CAF's own element.
// Sender-less (the payload names who sent it). For the suite's throughput
// scenarios, where allocation, construction and destruction were some 130 to
// 210 instructions per message (bench/NOTEBOOK.md: fjthrput and mailbox).

/// A sender-less, asynchronous mailbox element holding (Ts...), recycled
/// per thread.
template <class... Ts>
class recycled_element final : public caf::mailbox_element,
                               public caf::detail::tuple_vals_impl<caf::type_erased_tuple, Ts...> {
 public:
  /// Free elements a thread keeps at most; beyond that they are deleted (a
  /// thread that only receives would otherwise collect every element).
  static constexpr std::size_t max_free = 4096;

  /// An element from this thread's free list, its values as its last user
  /// left them, for the caller to fill in place through values(); or a new
  /// one with value-initialized values. No sender, no stages, async id.
  static caf::mailbox_element_ptr take() {
    auto& list = free_list();
    if (list.head == nullptr)
      return caf::mailbox_element_ptr{new recycled_element};
    auto* e = list.head;
    list.head = static_cast<recycled_element*>(e->next);
    --list.size;
    e->next = nullptr;
    return caf::mailbox_element_ptr{e};
  }

  /// An element holding `xs...` (assigned, so a reused vector keeps its
  /// capacity), from this thread's free list when it has one.
  template <class... Us>
  static caf::mailbox_element_ptr make(Us&&... xs) {
    auto e = take();
    static_cast<recycled_element&>(*e).data() = std::forward_as_tuple(std::forward<Us>(xs)...);
    return e;
  }

  /// The values, for a receiver that checked the element's type or a sender
  /// filling a taken element.
  std::tuple<Ts...>& values() noexcept { return this->data(); }

  caf::type_erased_tuple& content() override { return *this; }
  const caf::type_erased_tuple& content() const override { return *this; }

  caf::message move_content_to_message() override {
    return std::apply([](auto&... xs) { return caf::make_message(std::move(xs)...); },
                      this->data());
  }

  caf::message copy_content_to_message() const override {
    return std::apply([](const auto&... xs) { return caf::make_message(xs...); }, this->data());
  }

  /// Back onto this thread's free list, or deleted (CAF's disposer calls it).
  void request_deletion(bool) const noexcept override {
    auto* self = const_cast<recycled_element*>(this);
    auto& list = free_list();
    if (self->sender != nullptr || !self->stages.empty() || !list.registered
        || list.size >= max_free) {
      self->release_slow(list);
      return;
    }
    self->push_free(list);
  }

 private:
  recycled_element() : caf::mailbox_element(nullptr, caf::make_message_id(), {}) {}

  // The thread's free elements, linked through their mailbox `next`: plain
  // data, so it stays readable while the thread's other thread_local objects
  // are being destroyed; its owner (below) deletes the elements when the
  // thread ends.
  struct list_state {
    recycled_element* head = nullptr;
    std::size_t size = 0;
    bool registered = false;
    bool closed = false;
    bool register_owner();
  };

  struct list_owner {
    ~list_owner() {
      auto& list = free_list();
      list.closed = true;
      list.registered = false;
      while (auto* e = list.head) {
        list.head = static_cast<recycled_element*>(e->next);
        delete e;
      }
      list.size = 0;
    }
  };

  static list_state& free_list() noexcept {
    static thread_local list_state list;
    return list;
  }

  // A receiver forwarded or answered it, or the list is full, closed or not
  // yet owned: start clean, or delete.
  [[gnu::noinline]] void release_slow(list_state& list) noexcept {
    sender.reset();
    stages.clear();
    if (list.size >= max_free || (!list.registered && !list.register_owner())) {
      delete this;
      return;
    }
    push_free(list);
  }

  void push_free(list_state& list) noexcept {
    // Whoever handled it may have tagged it (CAF's response ids): a fresh id.
    mid = caf::make_message_id();
    next = list.head;
    list.head = this;
    ++list.size;
  }
};

template <class... Ts>
bool recycled_element<Ts...>::list_state::register_owner() {
  // After the owner ran (the thread is ending), elements are deleted.
  if (closed)
    return false;
  static thread_local list_owner owner;
  registered = true;
  return true;
}

} // namespace actorbench::actors
