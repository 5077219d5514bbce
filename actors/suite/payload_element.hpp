#pragma once

#include <cstddef>

#include <caf/detail/tuple_vals.hpp>
#include <caf/mailbox_element.hpp>
#include <caf/message.hpp>
#include <caf/type_erased_tuple.hpp>

#include "actors/suite/sealed_message.hpp"

namespace actorbench::actors {

// Included only by the mailbox benchmark's .cpp files (it needs CAF).

/// A CAF mailbox element holding one sealed_payload (what
/// caf::mailbox_element_vals<sealed_payload> is), recycled: when the
/// receiver is done with it, it goes onto its thread's free list (up to
/// pool_limit of them) instead of back to the allocator, and the next
/// make() on that thread takes it, with its payload's byte buffer. With one
/// worker the senders and the receiver share the list: a message costs no
/// allocation, construction or destruction (RESULTS: issue 16, mailbox).
class payload_element final
  : public caf::mailbox_element,
    public caf::detail::tuple_vals_impl<caf::type_erased_tuple, sealed_payload> {
 public:
  /// Free elements kept per thread; beyond it they are deleted.
  static constexpr std::size_t pool_limit = 4096;

  /// An anonymous, asynchronous element (no sender, no stages), recycled if
  /// this thread has one; its payload is for the caller to fill.
  static payload_element* make();

  /// The payload to seal into (its bytes keep their capacity).
  sealed_payload& payload() { return std::get<0>(data()); }

  caf::type_erased_tuple& content() override { return *this; }
  const caf::type_erased_tuple& content() const override { return *this; }
  caf::message move_content_to_message() override;
  caf::message copy_content_to_message() const override;

  /// Onto this thread's free list, or deleted.
  void request_deletion(bool decremented_rc) const noexcept override;

  /// Deletes it for good (the free list's own cleanup).
  void destroy() noexcept { delete this; }

 private:
  payload_element();
};

} // namespace actorbench::actors
