#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <thread>

#include <unistd.h>

#include "bench/harness/thread_waits.hpp"

using namespace actorbench::bench;

TEST_CASE("thread waits: every live thread of the process is read, a new one too") {
  auto before = read_thread_times();
  // Where the kernel has no schedstat there is nothing to test.
  if (before.empty())
    return;
  const long self = static_cast<long>(::gettid());
  std::atomic<long> worker_id{0};
  std::atomic<bool> done{false};
  std::thread worker{[&done, &worker_id] {
    worker_id = static_cast<long>(::gettid());
    while (!done.load()) {
    }
  }};
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  auto during = read_thread_times();
  done = true;
  worker.join();
  // By id, not by count: a thread another test left to end alone may leave
  // the process between the two reads.
  CHECK(before.count(self) == 1);
  CHECK(during.count(self) == 1);
  REQUIRE(worker_id.load() != 0);
  CHECK(before.count(worker_id.load()) == 0);
  CHECK(during.count(worker_id.load()) == 1);
  auto share = run_queue_wait_share(before, during);
  CHECK(share >= 0);
}

TEST_CASE("thread waits: the share is wait over CPU time, new threads from zero") {
  std::map<long, thread_times> before{{1, {1'000, 100}}};
  std::map<long, thread_times> after{{1, {3'000, 300}}, {2, {2'000, 1'800}}};
  // Thread 1: 2,000 ns on CPU, 200 waiting; thread 2 (new): 2,000 and 1,800.
  CHECK(run_queue_wait_share(before, after) == doctest::Approx(0.5));
  // A reused id whose counters went back counts from zero.
  std::map<long, thread_times> reused{{1, {500, 500}}};
  CHECK(run_queue_wait_share(before, reused) == doctest::Approx(1.0));
  CHECK(std::isnan(run_queue_wait_share(before, before)));
}
