#include "hello_backoff.hpp"

#include <doctest/doctest.h>

using namespace std::chrono_literals;

TEST_CASE("hello backoff: the waits double up to the cap, jittered into their upper half") {
  game::hello_backoff b;
  CHECK(b.wait_after(1, 1.0) == 200ms);
  CHECK(b.wait_after(1, 0.0) == 100ms);
  CHECK(b.wait_after(2, 1.0) == 400ms);
  CHECK(b.wait_after(4, 1.0) == 1600ms);
  CHECK(b.wait_after(5, 1.0) == 2000ms);
  CHECK(b.wait_after(60, 1.0) == 2000ms);
  CHECK(b.wait_after(60, 0.0) == 1000ms);
  // Out-of-range jitter is clamped, not trusted.
  CHECK(b.wait_after(1, 7.0) == 200ms);
  CHECK(b.wait_after(1, -1.0) == 100ms);
}

TEST_CASE("hello backoff: a client's whole wait is bounded") {
  game::hello_backoff b;
  // 0.2 + 0.4 + 0.8 + 1.6 + six capped waits of 2 s.
  CHECK(b.longest() == 15000ms);
  b.tries = 1;
  CHECK(b.longest() == 200ms);
}
