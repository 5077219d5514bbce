#include "bench/scenarios/shared/timed_actor_run.hpp"

#include <algorithm>
#include <thread>

namespace actorbench::actors {

namespace {

using clock = timed_actor_steps::clock;

// Waits for done until `deadline`, in periods when the steps poll; the
// poll runs once before the first wait too (a first sample at once).
bool wait_for_done(const timed_actor_steps& s, clock::time_point deadline) {
  bool done = false;
  for (;;) {
    bool asked = s.poll && s.poll();
    if (done)
      return true;
    if (asked || clock::now() >= deadline)
      return false;
    done = s.wait_done(s.poll ? std::min(deadline, clock::now() + s.period) : deadline);
  }
}

} // namespace

timed_actor_outcome run_timed(const timed_actor_steps& s) {
  timed_actor_outcome out;
  out.started = clock::now();
  s.start();
  out.done = wait_for_done(s, clock::now() + s.limit);
  out.ended = clock::now();
  std::string missing;
  if (!out.done && s.deadline != on_deadline::keep_partial)
    missing = s.missing();
  if (!out.done && s.deadline == on_deadline::fail) {
    if (s.stop)
      s.stop(false);
    out.failure = error{errc::timeout, missing};
    return out;
  }
  if (out.done && s.settle)
    if ((out.failure = s.settle(out.started)))
      return out;
  if (s.stop)
    s.stop(out.done);
  out.gone = !s.wait_gone || s.wait_gone(clock::now() + s.teardown_limit);
  auto alive = out.gone ? std::string{} : s.alive();
  if (!out.done && s.deadline == on_deadline::fail_after_teardown)
    out.failure = error{errc::timeout, out.gone ? missing : missing + "; then " + alive};
  else if (!out.gone)
    out.failure = error{errc::teardown_timeout, alive};
  return out;
}

bool poll_until(const std::function<bool()>& gone, clock::time_point until,
                clock::duration period) {
  while (!gone()) {
    if (clock::now() >= until)
      return false;
    std::this_thread::sleep_for(period);
  }
  return true;
}

} // namespace actorbench::actors
