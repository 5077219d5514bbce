#include "bench/scenarios/fanout/spawner.hpp"

#include <algorithm>

#include <caf/event_based_actor.hpp>

namespace actorbench::actors {

std::string_view to_string(spawn_strategy s) {
  return s == spawn_strategy::main ? "main" : "chain";
}

std::optional<spawn_strategy> parse_spawn_strategy(std::string_view name) {
  if (name == "main")
    return spawn_strategy::main;
  if (name == "chain")
    return spawn_strategy::chain;
  return std::nullopt;
}

namespace {

// Spawns one chunk of senders, and first a successor for the rest. CAF puts
// an actor spawned from a worker at the front of that worker's queue, so the
// successor ends up behind this chunk: the worker runs the chunk's senders
// before spawning more (bounding how many are alive at once), while an idle
// worker steals the successor from the back of the queue and spawns in
// parallel.
class spawner_actor : public caf::event_based_actor {
 public:
  spawner_actor(caf::actor_config& cfg, std::shared_ptr<const sender_job> job, std::size_t first,
                std::size_t end, std::size_t chunk)
    : caf::event_based_actor(cfg), job_(std::move(job)), first_(first), end_(end), chunk_(chunk) {}

  caf::behavior make_behavior() override {
    if (job_->stopped()) {
      skip_senders(*job_, end_ - first_);
      return {};
    }
    auto last = std::min(end_, first_ + chunk_);
    if (last < end_)
      spawn<spawner_actor>(job_, last, end_, chunk_);
    for (auto id = first_; id < last; ++id)
      spawn_sender(*this, job_, static_cast<std::uint32_t>(id));
    job_->spawned.count_down(last - first_);
    return {};
  }

 private:
  std::shared_ptr<const sender_job> job_;
  std::size_t first_;
  std::size_t end_;
  std::size_t chunk_;
};

} // namespace

void spawn_senders(caf::actor_system& system, std::shared_ptr<const sender_job> job,
                   std::size_t first, std::size_t end, spawn_strategy strategy, std::size_t chunk) {
  if (strategy == spawn_strategy::main) {
    auto id = first;
    auto step = std::max<std::size_t>(chunk, 1);
    // The flag is read once per chunk: a stop lands within one chunk's spawns.
    for (; id < end && !((id - first) % step == 0 && job->stopped()); ++id)
      spawn_sender(system, job, static_cast<std::uint32_t>(id));
    if (id > first)
      job->spawned.count_down(id - first);
    skip_senders(*job, end - id);
    return;
  }
  system.spawn<spawner_actor>(std::move(job), first, end, std::max<std::size_t>(chunk, 1));
}

} // namespace actorbench::actors
