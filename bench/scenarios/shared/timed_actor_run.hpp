#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "actors/error.hpp"

namespace actorbench::actors {

/// What a timed run does when its deadline passes before the actors are done.
enum class on_deadline {
  /// Fails with errc::timeout at once, without waiting for the actors to go.
  fail,
  /// Stops the actors, waits for them to go, then fails with errc::timeout.
  fail_after_teardown,
  /// Stops the actors and waits for them to go; not an error (what was done
  /// so far counts, marked partial by the caller).
  keep_partial,
};

/// The steps of one timed actor run: start the actors, wait until they are
/// done or the deadline, tell them to stop, and wait (with a limit of its
/// own) until they are gone. The caller says what each step means for its
/// actors; run_timed says in which order they run and which error comes out.
struct timed_actor_steps {
  using clock = std::chrono::steady_clock;

  /// Starts the actors. The deadline is `limit` after it returns.
  std::function<void()> start;
  std::chrono::milliseconds limit{0};
  /// Waits until the actors are done or the given time; true if done.
  std::function<bool(clock::time_point)> wait_done;
  /// Set: wait_done is given `period` at most at a time and `poll` runs
  /// after each call; true from `poll` ends the wait as the deadline would.
  std::function<bool()> poll;
  clock::duration period = std::chrono::milliseconds{50};
  /// What was missing when the deadline passed (read before `stop`).
  std::function<std::string()> missing;
  on_deadline deadline = on_deadline::fail;
  /// Optional: after done, before the teardown wait, for what needs the run
  /// still whole; given the start. An error it returns ends the run at once.
  std::function<std::optional<error>(clock::time_point)> settle;
  /// Optional: tells the actors to stop; told whether they were done.
  std::function<void(bool done)> stop;
  /// Optional: waits until every actor is gone or the given time; true if
  /// they are. `teardown_limit` bounds it.
  std::function<bool(clock::time_point)> wait_gone;
  std::chrono::milliseconds teardown_limit{0};
  /// What was still alive when the teardown limit ran out.
  std::function<std::string()> alive;
};

/// How a timed run went.
struct timed_actor_outcome {
  using clock = timed_actor_steps::clock;

  /// Just before `start`, and when the wait for done ended.
  clock::time_point started;
  clock::time_point ended;
  bool done = false;
  /// Every actor was gone within the teardown limit (true without wait_gone).
  bool gone = false;
  /// errc::timeout: the `missing` text, followed by the `alive` one when the
  /// teardown timed out too; errc::teardown_timeout: the `alive` text; or
  /// what `settle` returned.
  std::optional<error> failure;
};

/// Runs `steps` as described at timed_actor_steps.
timed_actor_outcome run_timed(const timed_actor_steps& steps);

/// Waits, polling every `period`, until `gone()` or `until`; true if gone.
/// For actors counted by a counter that no one signals.
bool poll_until(const std::function<bool()>& gone, timed_actor_steps::clock::time_point until,
                timed_actor_steps::clock::duration period);

} // namespace actorbench::actors
