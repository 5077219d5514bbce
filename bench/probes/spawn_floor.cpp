// spawn_floor: the least a CAF 0.17 fan-out can cost. N trivial event-based
// actors are spawned from spawner actors on the workers (chunks of 256, as
// actorbench's chain strategy does), each terminating at once without
// sending anything. Whatever a real fan-out adds (a reply, a collector,
// crypto) comes on top of this floor.
//
//   spawn_floor N RUNS THREADS [lean|caf]
// prints one line per run: seconds until every actor was destroyed. "lean"
// (the default, as in actorbench) loads actors/runtime/lean_scheduler.hpp's clock.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include <string>

#include <caf/all.hpp>

#include "actors/runtime/lean_scheduler.hpp"

namespace {

struct run_state {
  std::atomic<std::size_t> alive;
  std::mutex mtx;
  std::condition_variable cv;
  bool done = false;
};

class trivial_actor : public caf::event_based_actor {
 public:
  trivial_actor(caf::actor_config& cfg, run_state* state)
    : caf::event_based_actor(cfg), state_(state) {}
  ~trivial_actor() override {
    if (state_->alive.fetch_sub(1) == 1) {
      std::lock_guard<std::mutex> guard{state_->mtx};
      state_->done = true;
      state_->cv.notify_all();
    }
  }
  caf::behavior make_behavior() override { return {}; }

 private:
  run_state* state_;
};

class spawner : public caf::event_based_actor {
 public:
  spawner(caf::actor_config& cfg, run_state* state, std::size_t first, std::size_t end)
    : caf::event_based_actor(cfg), state_(state), first_(first), end_(end) {}
  caf::behavior make_behavior() override {
    auto last = std::min(end_, first_ + 256);
    if (last < end_)
      spawn<spawner>(state_, last, end_);
    for (auto i = first_; i < last; ++i)
      spawn<trivial_actor>(state_);
    return {};
  }

 private:
  run_state* state_;
  std::size_t first_, end_;
};

} // namespace

int main(int argc, char** argv) {
  std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 100000;
  int runs = argc > 2 ? std::atoi(argv[2]) : 10;
  std::size_t threads = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 2;
  bool lean = argc <= 4 || std::string{argv[4]} != "caf";
  caf::actor_system_config cfg;
  cfg.set("scheduler.max-threads", threads);
  if (lean)
    actorbench::actors::use_lean_scheduler(cfg, false);
  caf::actor_system sys{cfg};
  for (int r = 0; r < runs; ++r) {
    run_state state;
    state.alive = n;
    auto start = std::chrono::steady_clock::now();
    sys.spawn<spawner>(&state, std::size_t{0}, n);
    std::unique_lock<std::mutex> guard{state.mtx};
    if (!state.cv.wait_for(guard, std::chrono::seconds(120), [&] { return state.done; })) {
      std::fprintf(stderr, "spawn_floor: timed out\n");
      return 1;
    }
    auto secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("probe=spawn-floor clock=%s procs=%zu seconds=%.4f\n", lean ? "lean" : "caf", n,
                secs);
  }
}
