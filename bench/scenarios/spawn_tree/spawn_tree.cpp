#include "bench/scenarios/spawn_tree/spawn_tree.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include <caf/send.hpp>

#include "bench/scenarios/shared/timed_actor_run.hpp"
#include "bench/scenarios/spawn_tree/spawn_tree_node.hpp"

namespace actorbench::actors {

namespace {

using clock_type = std::chrono::steady_clock;

// How often the live actors are sampled while the tree runs.
constexpr auto sample_period = std::chrono::milliseconds{1};

std::string counts(const tree_job& job, const spawn_tree_size& size) {
  return std::to_string(job.live.spawned_total()) + " of " + std::to_string(size.actors)
         + " actors spawned, " + std::to_string(job.live.live()) + " still alive";
}

spawn_tree_sample make_sample(const tree_job& job, const spawn_tree_size& size,
                              clock_type::time_point start, std::uint64_t peak_live) {
  spawn_tree_sample s;
  s.size = size;
  s.expected_sum = size.leaves * (size.leaves - 1) / 2;
  const auto& out = job.outcome;
  s.sum = out.rejected ? 0 : out.sum;
  s.answered = out.rejected ? 0 : out.actors;
  s.strangers = job.strangers.load();
  s.mismatches =
    (s.sum != s.expected_sum ? 1 : 0) + (s.answered != size.actors ? 1 : 0) + s.strangers;
  s.elapsed_s = std::chrono::duration<double>(out.checked_at - start).count();
  s.peak_live = peak_live;
  return s;
}

// The tree as a timed run: on expiry it is told to stop spawning and winds
// down; the errors say what was missing.
timed_actor_steps tree_steps(caf::actor_system& system, tree_job& job, caf::actor& sink,
                             spawn_tree_size size, const spawn_tree_params& params,
                             std::uint64_t& peak_live) {
  const auto limit = std::to_string(params.timeout.count()) + " ms";
  timed_actor_steps steps;
  steps.start = [&system, &job, &sink] { spawn_tree_root(system, job, sink); };
  steps.limit = params.timeout;
  steps.wait_done = [&job](clock_type::time_point until) { return job.answered.wait_until(until); };
  // Samples the live actors, the first time at once: a small tree may be
  // gone before the next.
  steps.poll = [&job, &peak_live] {
    peak_live = std::max(peak_live, job.live.live());
    return false;
  };
  steps.period = sample_period;
  steps.missing = [&job, size, limit] {
    return "the root did not answer within " + limit + ": " + counts(job, size);
  };
  steps.deadline = on_deadline::fail_after_teardown;
  steps.stop = [&job, &sink](bool answered) {
    if (!answered) {
      job.stop.store(true);
      caf::anon_send_exit(sink, caf::exit_reason::user_shutdown);
    }
    sink = nullptr;
  };
  steps.wait_gone = [&job](clock_type::time_point until) {
    return poll_until([&job] { return job.live.live() == 0; }, until,
                      std::chrono::microseconds{200});
  };
  steps.teardown_limit = params.timeout;
  steps.alive = [&job, size, limit] {
    return "the tree's actors were not all destroyed within " + limit + ": " + counts(job, size);
  };
  return steps;
}

} // namespace

std::optional<spawn_tree_size> size_of_spawn_tree(std::uint64_t branching, std::uint64_t depth) {
  if (branching == 0)
    return std::nullopt;
  // A chain: one actor per level (and no loop over a billion levels).
  if (branching == 1)
    return depth < max_spawn_tree_actors ? std::optional{spawn_tree_size{depth + 1, 1}}
                                         : std::nullopt;
  spawn_tree_size s{1, 1};
  for (std::uint64_t level = 1; level <= depth; ++level) {
    // Checked before multiplying, so nothing overflows however large B and D.
    if (s.leaves > max_spawn_tree_actors / branching)
      return std::nullopt;
    s.leaves *= branching;
    s.actors += s.leaves;
    if (s.actors > max_spawn_tree_actors)
      return std::nullopt;
  }
  return s;
}

result<spawn_tree_sample> run_spawn_tree(caf::actor_system& system, const seal_keys& keys,
                                         const spawn_tree_params& params) {
  auto size = size_of_spawn_tree(params.branching, params.depth);
  if (!size)
    return error{errc::bad_parameter, "a tree of branching " + std::to_string(params.branching)
                                        + " and depth " + std::to_string(params.depth)
                                        + " has more than " + std::to_string(max_spawn_tree_actors)
                                        + " actors (or no branches)"};
  // The fault goes to the last leaf: with one scheduler thread it is the
  // first child its parent hears from (CAF runs an actor's last-spawned
  // child first), so a replayed copy arrives while the parent still waits.
  auto job = std::make_unique<tree_job>(keys, params.branching, params.depth, params.fault,
                                        size->actors - 1);
  auto sink = spawn_tree_sink(system, *job);
  std::uint64_t peak_live = 0;
  auto run = run_timed(tree_steps(system, *job, sink, *size, params, peak_live));
  if (!run.gone)
    static_cast<void>(job.release()); // actors still alive read the job
  if (run.failure)
    return *run.failure;
  if (auto failed = job->seal_failures.load())
    return error{errc::crypto_failure, std::to_string(failed) + " answers could not be sealed"};
  return make_sample(*job, *size, run.started, peak_live);
}

} // namespace actorbench::actors
