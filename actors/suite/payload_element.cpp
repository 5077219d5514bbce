#include "actors/suite/payload_element.hpp"

#include <utility>

#include <caf/make_message.hpp>

namespace actorbench::actors {

namespace {

// One thread's free elements, linked through their mailbox `next` pointer.
struct free_list {
  payload_element* head = nullptr;
  std::size_t size = 0;
  ~free_list();
};

thread_local free_list pool;
// Set once the thread's list is gone (elements freed later at thread exit
// are deleted); trivially destructible, so always safe to read.
thread_local bool pool_closed = false;

free_list::~free_list() {
  pool_closed = true;
  while (head != nullptr) {
    auto* e = std::exchange(head, static_cast<payload_element*>(head->next));
    e->destroy();
  }
  size = 0;
}

} // namespace

payload_element::payload_element()
  : caf::mailbox_element(nullptr, caf::make_message_id(), {}),
    caf::detail::tuple_vals_impl<caf::type_erased_tuple, sealed_payload>(sealed_payload{}) {}

payload_element* payload_element::make() {
  auto& p = pool;
  if (p.head == nullptr)
    return new payload_element;
  auto* e = std::exchange(p.head, static_cast<payload_element*>(p.head->next));
  --p.size;
  e->next = nullptr;
  return e;
}

caf::message payload_element::move_content_to_message() {
  return caf::make_message(std::move(payload()));
}

caf::message payload_element::copy_content_to_message() const {
  return caf::make_message(std::get<0>(data()));
}

void payload_element::request_deletion(bool) const noexcept {
  auto* self = const_cast<payload_element*>(this);
  if (pool_closed || pool.size >= pool_limit || self->sender != nullptr || !self->stages.empty()) {
    delete this;
    return;
  }
  // Whoever handled it may have tagged it (CAF's response ids): a fresh id.
  self->mid = caf::make_message_id();
  self->next = pool.head;
  pool.head = self;
  ++pool.size;
}

} // namespace actorbench::actors
