#include <doctest/doctest.h>

#include <caf/message.hpp>

#include "actors/suite/payload_element.hpp"

using namespace actorbench::actors;

TEST_CASE("payload_element: a released element is the next one made, bytes and all") {
  caf::mailbox_element_ptr first{payload_element::make()};
  auto* raw = static_cast<payload_element*>(first.get());
  raw->payload().bytes.assign(80, 7);
  const auto* buffer = raw->payload().bytes.data();
  first.reset(); // onto this thread's free list
  caf::mailbox_element_ptr again{payload_element::make()};
  CHECK(again.get() == raw);
  auto& p = static_cast<payload_element&>(*again).payload();
  CHECK(p.bytes.data() == buffer);
  CHECK(again->sender == nullptr);
  CHECK(again->next == nullptr);
  CHECK(again->mid.is_async());
}

TEST_CASE("payload_element: its content is one sealed_payload, as CAF's own element's") {
  caf::mailbox_element_ptr e{payload_element::make()};
  auto& p = static_cast<payload_element&>(*e).payload();
  p.sender = 3;
  p.counter = 41;
  p.bytes = {1, 2};
  REQUIRE(e->content().match_elements<sealed_payload>());
  CHECK(e->content().get_as<sealed_payload>(0).counter == 41);
  auto copy = e->copy_content_to_message();
  REQUIRE(copy.match_elements<sealed_payload>());
  CHECK(copy.get_as<sealed_payload>(0).sender == 3);
  CHECK(copy.get_as<sealed_payload>(0).bytes.size() == 2);
  auto moved = e->move_content_to_message();
  CHECK(moved.get_as<sealed_payload>(0).bytes.size() == 2);
}

TEST_CASE("payload_element: an element someone gave a sender is deleted, not kept") {
  caf::mailbox_element_ptr e{payload_element::make()};
  // A dummy non-null sender cannot be made without a system here; stages
  // stand in for what would make the element unsafe to reuse as it is.
  e->stages.emplace_back();
  e.reset();
  caf::mailbox_element_ptr next{payload_element::make()};
  CHECK(next->stages.empty()); // recycled as it was, it would still have one
}
