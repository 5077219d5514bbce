#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include <caf/detail/tuple_vals.hpp>
#include <caf/mailbox_element.hpp>
#include <caf/message.hpp>
#include <caf/message_id.hpp>
#include <caf/type_erased_tuple.hpp>

namespace actorbench::actors {

// A CAF mailbox element of one fixed shape (Ts...) whose memory is recycled:
// CAF frees an element through its virtual request_deletion (the disposer of
// mailbox_element_ptr), so this type takes it back onto its thread's free
// list instead of running two destructors and jemalloc's free, and the next
// make() on that thread reuses it instead of allocating. It is an ordinary
// mailbox element otherwise (same content() interface, same type tokens), so
// any CAF actor can receive it. For the suite's throughput scenarios, where
// allocation and free were some 180 instructions per message (RESULTS:
// issue 16, fjthrput). Sender-less (the payload names who sent it).

/// A sender-less mailbox element holding (Ts...), trivially copyable values.
template <class... Ts>
class pooled_element final : public caf::mailbox_element,
                             public caf::detail::tuple_vals_impl<caf::type_erased_tuple, Ts...> {
 public:
  static_assert((std::is_trivially_copyable_v<Ts> && ...),
                "a recycled element keeps its values; they must need no destructor");

  using tuple_base = caf::detail::tuple_vals_impl<caf::type_erased_tuple, Ts...>;

  /// Free elements a thread keeps at most; beyond that they are deleted (a
  /// thread that only receives would otherwise collect every element).
  static constexpr std::size_t max_free = 4096;

  /// An element holding `xs...`, from this thread's free list when it has one.
  template <class... Us>
  static caf::mailbox_element_ptr make(Us&&... xs) {
    auto& list = free_list();
    if (list.head == nullptr)
      return caf::mailbox_element_ptr{new pooled_element(std::forward<Us>(xs)...)};
    auto* e = list.head;
    list.head = static_cast<pooled_element*>(e->next);
    --list.size;
    e->next = nullptr;
    e->data() = std::tuple<Ts...>(std::forward<Us>(xs)...);
    return caf::mailbox_element_ptr{e};
  }

  /// The values, for a receiver that checked the element's type.
  std::tuple<Ts...>& values() noexcept { return this->data(); }

  caf::type_erased_tuple& content() override { return *this; }
  const caf::type_erased_tuple& content() const override { return *this; }

  caf::message move_content_to_message() override { return copy_content_to_message(); }

  caf::message copy_content_to_message() const override {
    return std::apply([](const auto&... xs) { return caf::make_message(xs...); }, this->data());
  }

  /// Back onto this thread's free list (CAF's disposer calls it).
  void request_deletion(bool) const noexcept override {
    auto* self = const_cast<pooled_element*>(this);
    auto& list = free_list();
    if (self->sender != nullptr || !self->stages.empty() || !list.registered
        || list.size >= max_free) {
      self->release_slow(list);
      return;
    }
    self->push_free(list);
  }

 private:
  template <class... Us>
  explicit pooled_element(Us&&... xs)
    : caf::mailbox_element(nullptr, caf::make_message_id(), {}),
      tuple_base(std::forward<Us>(xs)...) {}

  // The thread's free elements: plain data, so it stays readable while the
  // thread's other thread_local objects are being destroyed; its owner
  // (below) deletes the elements when the thread ends.
  struct list_state {
    pooled_element* head = nullptr;
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
        list.head = static_cast<pooled_element*>(e->next);
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
    mid = caf::make_message_id();
    next = list.head;
    list.head = this;
    ++list.size;
  }
};

template <class... Ts>
bool pooled_element<Ts...>::list_state::register_owner() {
  // After the owner ran (the thread is ending), elements are deleted.
  if (closed)
    return false;
  static thread_local list_owner owner;
  registered = true;
  return true;
}

} // namespace actorbench::actors
