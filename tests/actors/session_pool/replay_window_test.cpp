#include <doctest/doctest.h>

#include "actors/session_pool/nonce_counter.hpp"
#include "actors/session_pool/replay_window.hpp"

using namespace actorbench::actors;

namespace {

// check() then accept() when fresh, as a receiver does once the tag verified.
replay_verdict receive(replay_window& w, std::uint64_t counter) {
  const replay_verdict v = w.check(counter);
  if (v == replay_verdict::fresh)
    w.accept(counter);
  return v;
}

} // namespace

TEST_CASE("replay window: a replayed packet is rejected as a duplicate") {
  replay_window w;
  CHECK(receive(w, 0) == replay_verdict::fresh);
  CHECK(receive(w, 1) == replay_verdict::fresh);
  CHECK(receive(w, 0) == replay_verdict::duplicate);
  CHECK(receive(w, 1) == replay_verdict::duplicate);
  CHECK(w.newest() == std::uint64_t{1});
}

TEST_CASE("replay window: packets reordered within the window are accepted exactly once") {
  replay_window w;
  CHECK(receive(w, 5000) == replay_verdict::fresh);
  // Every earlier counter the window still covers, backwards, then again.
  const std::uint64_t oldest = 5000 - (replay_window::size - 1);
  for (std::uint64_t c = 4999; c >= oldest && c <= 4999; --c)
    REQUIRE(receive(w, c) == replay_verdict::fresh);
  for (std::uint64_t c = oldest; c <= 5000; ++c)
    REQUIRE(receive(w, c) == replay_verdict::duplicate);
  // Jumps forward in the ring: each word it passes is cleared, nothing more.
  CHECK(receive(w, 5100) == replay_verdict::fresh);
  CHECK(receive(w, 5050) == replay_verdict::fresh);
  CHECK(receive(w, 5050) == replay_verdict::duplicate);
  CHECK(receive(w, 4999) == replay_verdict::duplicate);
}

TEST_CASE("replay window: a packet older than the window is rejected as too old") {
  replay_window w;
  CHECK(replay_window::size >= 2048);
  CHECK(receive(w, 10000) == replay_verdict::fresh);
  const std::uint64_t edge = 10000 - replay_window::size;
  CHECK(receive(w, edge) == replay_verdict::too_old);
  CHECK(receive(w, edge + 1) == replay_verdict::fresh);
  CHECK(receive(w, 0) == replay_verdict::too_old);
  // A jump of more than the whole ring forgets everything before it.
  CHECK(receive(w, 10000 + 5 * replay_window::ring_bits) == replay_verdict::fresh);
  CHECK(receive(w, 10000) == replay_verdict::too_old);
  CHECK(receive(w, 10000 + 5 * replay_window::ring_bits - 1) == replay_verdict::fresh);
}

TEST_CASE("replay window: check alone never moves the window") {
  replay_window w;
  CHECK(w.check(5) == replay_verdict::fresh);
  CHECK(w.check(5) == replay_verdict::fresh);
  CHECK(!w.newest());
  w.accept(5);
  CHECK(w.check(5) == replay_verdict::duplicate);
  CHECK(w.check(4) == replay_verdict::fresh);
}

TEST_CASE("replay window: the last counter, 2^64-1, is accepted once and the window stays") {
  replay_window w;
  const std::uint64_t last = ~std::uint64_t{0};
  CHECK(receive(w, last - 3) == replay_verdict::fresh);
  CHECK(receive(w, last) == replay_verdict::fresh);
  CHECK(w.newest() == last);
  CHECK(receive(w, last) == replay_verdict::duplicate);
  CHECK(receive(w, last - 3) == replay_verdict::duplicate);
  CHECK(receive(w, last - 1) == replay_verdict::fresh);
  CHECK(receive(w, 5) == replay_verdict::too_old);
  CHECK(receive(w, 0) == replay_verdict::too_old);
}

TEST_CASE("nonce counter: hands out each value once and nothing at its limit") {
  nonce_counter n{3};
  CHECK(n.next() == std::uint64_t{0});
  CHECK(n.next() == std::uint64_t{1});
  CHECK(n.next() == std::uint64_t{2});
  CHECK(!n.next());
  CHECK(!n.next());
  CHECK(n.used() == 3);
  CHECK(nonce_counter{}.limit() == nonce_counter::max);
}
