#include <doctest/doctest.h>

#include <cstdint>
#include <future>

#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/event_based_actor.hpp>

#include "actors/suite/pooled_element.hpp"

using namespace actorbench::actors;

namespace {

using element = pooled_element<double, std::uint32_t, std::uint64_t>;

} // namespace

TEST_CASE("pooled_element reuses a released element on the same thread, with new values") {
  auto first = element::make(1.5, 7u, std::uint64_t{9});
  auto* address = first.get();
  auto& xs = first->content();
  CHECK(xs.size() == 3);
  CHECK(xs.get_as<double>(0) == 1.5);
  CHECK(xs.get_as<std::uint32_t>(1) == 7);
  CHECK(xs.get_as<std::uint64_t>(2) == 9);
  first.reset(); // CAF's disposer: back onto the free list
  auto second = element::make(2.5, 8u, std::uint64_t{10});
  CHECK(second.get() == address);
  CHECK(second->content().get_as<double>(0) == 2.5);
  CHECK(second->content().get_as<std::uint64_t>(2) == 10);
  CHECK(second->sender == nullptr);
  CHECK(second->stages.empty());
  // A second element while the first is in use is another one.
  auto third = element::make(3.5, 9u, std::uint64_t{11});
  CHECK(third.get() != second.get());
}

TEST_CASE("pooled_element has CAF's type token and message copy of its values") {
  auto e = element::make(0.25, 3u, std::uint64_t{4});
  CHECK(e->content().type_token() == caf::make_type_token<double, std::uint32_t, std::uint64_t>());
  auto msg = e->copy_content_to_message();
  REQUIRE(msg.match_elements<double, std::uint32_t, std::uint64_t>());
  CHECK(msg.get_as<double>(0) == 0.25);
  CHECK(msg.get_as<std::uint64_t>(2) == 4);
}

TEST_CASE("pooled_element reaches an ordinary CAF actor's behavior") {
  caf::actor_system_config cfg;
  caf::actor_system system{cfg};
  std::promise<double> got;
  auto receiver = system.spawn([&got](caf::event_based_actor* self) -> caf::behavior {
    return {[&got, self](double theta, std::uint32_t sender, std::uint64_t counter) {
      got.set_value(theta + sender + static_cast<double>(counter));
      self->quit();
    }};
  });
  receiver->enqueue(element::make(0.5, 2u, std::uint64_t{3}), nullptr);
  auto result = got.get_future();
  REQUIRE(result.wait_for(std::chrono::seconds{10}) == std::future_status::ready);
  CHECK(result.get() == 5.5);
}
