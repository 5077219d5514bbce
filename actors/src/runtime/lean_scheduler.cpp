#include "actors/runtime/lean_scheduler.hpp"

#include <atomic>
#include <thread>

#include <caf/actor_system.hpp>
#include <caf/logger.hpp>
#include <caf/detail/set_thread_name.hpp>
#include <caf/detail/thread_safe_actor_clock.hpp>
#include <caf/policy/work_sharing.hpp>
#include <caf/policy/work_stealing.hpp>
#include <caf/scheduler/coordinator.hpp>

namespace actorbench::actors {

// CAF's scheduling policies under names of their own, so that their workers
// can get the leaner loop below.
struct lean_stealing : caf::policy::work_stealing {};
struct lean_sharing : caf::policy::work_sharing {};

namespace {

// CAF 0.17.6's worker loop, minus its logger bookkeeping: for every job it
// does a dynamic_cast to find the actor id and pushes and pops that id in the
// logger's thread map (a lock and a hash lookup), about 850 instructions per
// job even though nothing is logged (CAF's logger stays off in actorbench).
//
// scheduled_actor::resume does the same push and pop itself (twice per
// resume, with a spinlock all workers share) whenever the thread has a
// current logger; the worker's thread gets none, so it skips them.
template <class Worker, class Policy>
void run_worker_loop(Worker* self, Policy& policy, std::size_t max_throughput) {
  caf::logger::set_current_actor_system(nullptr);
  for (;;) {
    auto* job = policy.dequeue(self);
    policy.before_resume(self, job);
    auto res = job->resume(self, max_throughput);
    policy.after_resume(self, job);
    switch (res) {
      case caf::resumable::resume_later:
        // The worker keeps its reference: the job stays in the loop.
        policy.resume_job_later(self, job);
        break;
      case caf::resumable::done:
        policy.after_completion(self, job);
        intrusive_ptr_release(job);
        break;
      case caf::resumable::awaiting_message:
        // Enqueued again when a message arrives.
        intrusive_ptr_release(job);
        break;
      case caf::resumable::shutdown_execution_unit:
        policy.after_completion(self, job);
        policy.before_shutdown(self);
        return;
    }
  }
}

} // namespace

} // namespace actorbench::actors

template <>
void caf::scheduler::worker<actorbench::actors::lean_stealing>::run() {
  actorbench::actors::run_worker_loop(this, policy_, max_throughput_);
}

template <>
void caf::scheduler::worker<actorbench::actors::lean_sharing>::run() {
  actorbench::actors::run_worker_loop(this, policy_, max_throughput_);
}

namespace actorbench::actors {

namespace {

// CAF's clock, minus the cancellations that cannot cancel anything.
class lean_clock : public caf::detail::thread_safe_actor_clock {
 public:
  using super = caf::detail::thread_safe_actor_clock;

  void set_ordinary_timeout(time_point t, caf::abstract_actor* self, caf::atom_value type,
                            uint64_t id) override {
    used_.store(true);
    super::set_ordinary_timeout(t, self, type, id);
  }

  void set_request_timeout(time_point t, caf::abstract_actor* self, caf::message_id id) override {
    used_.store(true);
    super::set_request_timeout(t, self, id);
  }

  void set_multi_timeout(time_point t, caf::abstract_actor* self, caf::atom_value type,
                         uint64_t id) override {
    used_.store(true);
    super::set_multi_timeout(t, self, type, id);
  }

  void cancel_timeouts(caf::abstract_actor* self) override {
    if (used_.load())
      super::cancel_timeouts(self);
  }

 private:
  // Set before the first timeout is pushed, so no cancellation that matters
  // can see false.
  std::atomic<bool> used_{false};
};

// CAF's coordinator with the lean clock, run on its own thread.
template <class Policy>
class lean_coordinator : public caf::scheduler::coordinator<Policy> {
 public:
  using super = caf::scheduler::coordinator<Policy>;

  explicit lean_coordinator(caf::actor_system& sys) : super(sys) {}

  lean_clock& clock() noexcept override { return clock_; }

 protected:
  void start() override {
    thread_ = std::thread{[this] {
      caf::detail::set_thread_name("caf.clock");
      this->system().thread_started();
      clock_.run_dispatch_loop();
      this->system().thread_terminates();
    }};
    super::start();
  }

  void stop() override {
    super::stop();
    clock_.cancel_dispatch_loop();
    thread_.join();
  }

 private:
  lean_clock clock_;
  std::thread thread_;
};

} // namespace

void use_lean_scheduler(caf::actor_system_config& cfg, bool sharing) {
  if (sharing)
    cfg.module_factories.push_back([](caf::actor_system& sys) -> caf::actor_system::module* {
      return new lean_coordinator<lean_sharing>(sys);
    });
  else
    cfg.module_factories.push_back([](caf::actor_system& sys) -> caf::actor_system::module* {
      return new lean_coordinator<lean_stealing>(sys);
    });
}

} // namespace actorbench::actors
