#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <future>

#include <caf/all.hpp>

#include "actors/runtime/runtime.hpp"

using namespace actorbench;
using namespace std::chrono_literals;

namespace {

// Quits when its receive timeout fires: proves the lean clock still runs
// timeouts once an actor sets one.
caf::behavior wait_for_timeout(caf::event_based_actor* self, std::promise<void>* fired) {
  return {caf::after(std::chrono::milliseconds(20)) >> [=] {
    fired->set_value();
    self->quit();
  }};
}

// Sets a timeout and quits before it fires: its cancellation must go through.
caf::behavior quit_early(caf::event_based_actor* self, int) {
  self->send(self, caf::atom("bye"));
  return {[=](caf::atom_value) { self->quit(); }, caf::after(std::chrono::seconds(60)) >> [] {}};
}

} // namespace

TEST_CASE("the lean clock keeps receive timeouts working for both policies") {
  for (auto policy : {"stealing", "sharing"}) {
    CAPTURE(policy);
    actors::runtime rt{{2, policy, {}, true}};
    std::promise<void> fired;
    auto done = fired.get_future();
    rt.system().spawn(wait_for_timeout, &fired);
    CHECK(done.wait_for(10s) == std::future_status::ready);
    for (int i = 0; i < 100; ++i)
      rt.system().spawn(quit_early, i);
    // Destroying the runtime waits for every actor: a lost cancellation
    // would leave a dangling timeout behind, a hang would fail the suite.
  }
}

TEST_CASE("CAF's own clock is still available") {
  actors::runtime rt{{2, "stealing", {}, false}};
  std::promise<void> fired;
  auto done = fired.get_future();
  rt.system().spawn(wait_for_timeout, &fired);
  CHECK(done.wait_for(10s) == std::future_status::ready);
}
