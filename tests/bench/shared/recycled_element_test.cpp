#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <future>
#include <thread>
#include <vector>

#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/message.hpp>

#include "bench/scenarios/shared/recycled_element.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"

namespace actorbench::actors {

namespace {

// fjthrput's shape (theta, lane, counter) and mailbox's (one sealed payload).
using values_element = recycled_element<double, std::uint32_t, std::uint64_t>;
using payload_element = recycled_element<sealed_payload>;

sealed_payload& payload_of(caf::mailbox_element& e) {
  return std::get<0>(static_cast<payload_element&>(e).values());
}

// A plain event-based actor matching the three values (a class, not a
// spawned function: CAF 0.17's function spawn binds a null shared_ptr's
// reference, which UBSan reports in CAF's header).
class sum_receiver : public caf::event_based_actor {
 public:
  sum_receiver(caf::actor_config& cfg, std::promise<double>* got)
    : caf::event_based_actor(cfg), got_(got) {}

  caf::behavior make_behavior() override {
    return {[this](double theta, std::uint32_t sender, std::uint64_t counter) {
      got_->set_value(theta + sender + static_cast<double>(counter));
      quit();
    }};
  }

 private:
  std::promise<double>* got_;
};

} // namespace

TEST_CASE("recycled_element reuses a released element on the same thread, with new values") {
  auto first = values_element::make(1.5, 7u, std::uint64_t{9});
  auto* address = first.get();
  auto& xs = first->content();
  CHECK(xs.size() == 3);
  CHECK(xs.get_as<double>(0) == 1.5);
  CHECK(xs.get_as<std::uint32_t>(1) == 7);
  CHECK(xs.get_as<std::uint64_t>(2) == 9);
  first.reset(); // CAF's disposer: back onto the free list
  auto second = values_element::make(2.5, 8u, std::uint64_t{10});
  CHECK(second.get() == address);
  CHECK(second->content().get_as<double>(0) == 2.5);
  CHECK(second->content().get_as<std::uint64_t>(2) == 10);
  CHECK(second->sender == nullptr);
  CHECK(second->stages.empty());
  // A second element while the first is in use is another one.
  auto third = values_element::make(3.5, 9u, std::uint64_t{11});
  CHECK(third.get() != second.get());
}

TEST_CASE("recycled_element has CAF's type token and message copy of its values") {
  auto e = values_element::make(0.25, 3u, std::uint64_t{4});
  CHECK(e->content().type_token() == caf::make_type_token<double, std::uint32_t, std::uint64_t>());
  auto msg = e->copy_content_to_message();
  REQUIRE(msg.match_elements<double, std::uint32_t, std::uint64_t>());
  CHECK(msg.get_as<double>(0) == 0.25);
  CHECK(msg.get_as<std::uint64_t>(2) == 4);
}

TEST_CASE("recycled_element reaches an ordinary CAF actor's behavior") {
  caf::actor_system_config cfg;
  caf::actor_system system{cfg};
  std::promise<double> got;
  auto receiver = system.spawn<sum_receiver>(&got);
  receiver->enqueue(values_element::make(0.5, 2u, std::uint64_t{3}), nullptr);
  auto result = got.get_future();
  REQUIRE(result.wait_for(std::chrono::seconds{10}) == std::future_status::ready);
  CHECK(result.get() == 5.5);
}

TEST_CASE("recycled_element taken again is the released one, its payload's bytes and all") {
  auto first = payload_element::take();
  auto* raw = first.get();
  payload_of(*first).bytes.assign(80, 7);
  const auto* buffer = payload_of(*first).bytes.data();
  first->mid = caf::make_message_id().response_id(); // as a handler might tag it
  first.reset();                                     // onto this thread's free list
  auto again = payload_element::take();
  CHECK(again.get() == raw);
  CHECK(payload_of(*again).bytes.data() == buffer);
  CHECK(again->sender == nullptr);
  CHECK(again->next == nullptr);
  CHECK(again->mid.is_async());
}

TEST_CASE("recycled_element make assigns into the reused payload, keeping its capacity") {
  auto first = payload_element::take();
  auto* raw = first.get();
  payload_of(*first).bytes.assign(80, 7);
  const auto* buffer = payload_of(*first).bytes.data();
  first.reset();
  const sealed_payload value{5, 6, std::vector<std::uint8_t>{1, 2, 3}};
  auto again = payload_element::make(value);
  REQUIRE(again.get() == raw);
  CHECK(payload_of(*again).sender == 5);
  CHECK(payload_of(*again).counter == 6);
  CHECK(payload_of(*again).bytes == value.bytes);
  CHECK(payload_of(*again).bytes.data() == buffer);
}

TEST_CASE("recycled_element of one payload has the content of CAF's own element") {
  auto e = payload_element::take();
  auto& p = payload_of(*e);
  p.sender = 3;
  p.counter = 41;
  p.bytes = {1, 2};
  // What CAF (and BASP, serializing for another node) sees.
  REQUIRE(e->content().match_elements<sealed_payload>());
  CHECK(e->content().type_token() == caf::make_type_token<sealed_payload>());
  CHECK(e->content().get_as<sealed_payload>(0).counter == 41);
  auto copy = e->copy_content_to_message();
  REQUIRE(copy.match_elements<sealed_payload>());
  CHECK(copy.get_as<sealed_payload>(0).sender == 3);
  CHECK(copy.get_as<sealed_payload>(0).bytes.size() == 2);
  auto moved = e->move_content_to_message();
  REQUIRE(moved.match_elements<sealed_payload>());
  CHECK(moved.get_as<sealed_payload>(0).bytes.size() == 2);
  CHECK(sizeof(payload_element) == sizeof(caf::mailbox_element_vals<sealed_payload>));
}

TEST_CASE("recycled_element someone gave stages is cleaned before it is reused") {
  auto e = payload_element::take();
  // A dummy non-null sender cannot be made without a system here; stages
  // stand in for what would make the element unsafe to reuse as it is.
  e->stages.emplace_back();
  e.reset();
  auto next = payload_element::take();
  CHECK(next->stages.empty()); // recycled as it was, it would still have one
}

TEST_CASE("recycled_element on a thread that ends: its free list is deleted with it") {
  // LeakSanitizer (the sanitizer build) reports these if the thread's owner
  // does not delete them; an element released after the owner ran is deleted.
  std::thread worker{[] {
    std::vector<caf::mailbox_element_ptr> held;
    for (int i = 0; i < 8; ++i)
      held.push_back(payload_element::make(sealed_payload{1, 2, std::vector<std::uint8_t>(64, 1)}));
    held.clear();
    auto reused = payload_element::take();
    CHECK(payload_of(*reused).bytes.size() == 64);
  }};
  worker.join();
}

} // namespace actorbench::actors
