#include "bench/scenarios/rpc/thread_pin.hpp"

#include "actors/runtime/cpu_pinning.hpp"

namespace actorbench::bench {

thread_pin::thread_pin(int cpu) {
  if (sched_getaffinity(0, sizeof(before_), &before_) == 0)
    pinned_ = actors::pin_this_thread({cpu});
}

thread_pin::~thread_pin() {
  if (pinned_)
    sched_setaffinity(0, sizeof(before_), &before_);
}

} // namespace actorbench::bench
