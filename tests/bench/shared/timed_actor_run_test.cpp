#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "actors/runtime/countdown_latch.hpp"
#include "bench/scenarios/shared/timed_actor_run.hpp"

namespace actorbench::actors {
using clock_type = timed_actor_steps::clock;

namespace {

// A run whose "actors" are two latches: `done` counts the work, `gone` the
// teardown; each step notes that it ran.
struct scripted_run {
  countdown_latch done{1};
  countdown_latch gone{1};
  std::vector<std::string> calls;
  bool finish_in_start = true;
  bool go_on_stop = true;

  timed_actor_steps steps(on_deadline deadline, std::chrono::milliseconds limit) {
    timed_actor_steps s;
    s.start = [this] {
      calls.push_back("start");
      if (finish_in_start)
        done.count_down();
    };
    s.limit = limit;
    s.wait_done = [this](clock_type::time_point until) { return done.wait_until(until); };
    s.missing = [this] {
      calls.push_back("missing");
      return std::string{"0 of 1 done"};
    };
    s.deadline = deadline;
    s.stop = [this](bool was_done) {
      calls.push_back(was_done ? "stop done" : "stop early");
      if (go_on_stop)
        gone.count_down();
    };
    s.wait_gone = [this](clock_type::time_point until) {
      calls.push_back("wait gone");
      return gone.wait_until(until);
    };
    s.teardown_limit = std::chrono::milliseconds{20};
    s.alive = [] { return std::string{"1 of 1 still alive"}; };
    return s;
  }
};

using calls = std::vector<std::string>;

struct scripted_result {
  timed_actor_outcome out;
  calls called;
};

// One scripted run: `finishes` in its start or never, `goes` when stopped
// or never.
scripted_result run_script(on_deadline deadline, std::chrono::milliseconds limit, bool finishes,
                           bool goes) {
  scripted_run r;
  r.finish_in_start = finishes;
  r.go_on_stop = goes;
  auto out = run_timed(r.steps(deadline, limit));
  return {out, r.calls};
}

constexpr std::chrono::milliseconds soon{5};
constexpr std::chrono::milliseconds late{10000};

} // namespace

TEST_CASE("timed actor run: done in time, then stopped and gone, no error") {
  auto [out, called] = run_script(on_deadline::fail, late, true, true);
  CHECK(out.done);
  CHECK(out.gone);
  CHECK_FALSE(out.failure);
  CHECK(out.started <= out.ended);
  CHECK(called == calls{"start", "stop done", "wait gone"});
}

TEST_CASE("timed actor run: at the deadline fail stops and fails at once with what was missing") {
  auto [out, called] = run_script(on_deadline::fail, soon, false, true);
  CHECK_FALSE(out.done);
  REQUIRE(out.failure);
  CHECK(out.failure->code == errc::timeout);
  CHECK(out.failure->detail == "0 of 1 done");
  CHECK(called == calls{"start", "missing", "stop early"});
}

TEST_CASE("timed actor run: fail_after_teardown adds what is still alive") {
  auto [out, called] = run_script(on_deadline::fail_after_teardown, soon, false, false);
  CHECK_FALSE(out.gone);
  REQUIRE(out.failure);
  CHECK(out.failure->code == errc::timeout);
  CHECK(out.failure->detail == "0 of 1 done; then 1 of 1 still alive");
  CHECK(called == calls{"start", "missing", "stop early", "wait gone"});
  auto torn_down = run_script(on_deadline::fail_after_teardown, soon, false, true).out;
  CHECK(torn_down.gone);
  REQUIRE(torn_down.failure);
  CHECK(torn_down.failure->detail == "0 of 1 done");
}

TEST_CASE("timed actor run: keep_partial is no error; a teardown that times out is") {
  auto [out, called] = run_script(on_deadline::keep_partial, soon, false, true);
  CHECK_FALSE(out.done);
  CHECK(out.gone);
  CHECK_FALSE(out.failure);
  CHECK(called == calls{"start", "stop early", "wait gone"});
  auto stuck = run_script(on_deadline::keep_partial, late, true, false).out;
  CHECK(stuck.done);
  REQUIRE(stuck.failure);
  CHECK(stuck.failure->code == errc::teardown_timeout);
  CHECK(stuck.failure->detail == "1 of 1 still alive");
}

TEST_CASE("timed actor run: a poll that asks to stop ends the wait before the deadline") {
  scripted_run r;
  r.finish_in_start = false;
  auto steps = r.steps(on_deadline::keep_partial, std::chrono::hours{1});
  int polls = 0;
  steps.poll = [&polls] { return ++polls == 3; };
  steps.period = std::chrono::milliseconds{1};
  auto out = run_timed(steps);
  CHECK_FALSE(out.done);
  CHECK(polls == 3);
  CHECK_FALSE(out.failure);
}

TEST_CASE("timed actor run: settle's error ends the run before the teardown") {
  scripted_run r;
  auto steps = r.steps(on_deadline::fail, std::chrono::seconds{10});
  clock_type::time_point given;
  steps.settle = [&given](clock_type::time_point started) -> std::optional<error> {
    given = started;
    return error{errc::node_failure, "node down"};
  };
  auto out = run_timed(steps);
  CHECK(out.done);
  REQUIRE(out.failure);
  CHECK(out.failure->code == errc::node_failure);
  CHECK(given == out.started);
  CHECK(r.calls == calls{"start"});
}

TEST_CASE("poll_until: true once gone, false at the time limit") {
  std::atomic<int> checks{0};
  CHECK(poll_until([&checks] { return ++checks == 3; }, clock_type::now() + std::chrono::hours{1},
                   std::chrono::microseconds{100}));
  CHECK(checks == 3);
  CHECK_FALSE(poll_until([] { return false; }, clock_type::now() + std::chrono::milliseconds{2},
                         std::chrono::microseconds{100}));
}

} // namespace actorbench::actors
