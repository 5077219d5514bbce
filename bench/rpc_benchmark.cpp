#include "bench/rpc_benchmark.hpp"

#include <sched.h>

#include <memory>

#include <caf/after.hpp>
#include <caf/scoped_actor.hpp>

#include "actors/remote/hello.hpp"
#include "actors/remote/remote_runtime.hpp"
#include "actors/runtime/cpu_pinning.hpp"

namespace actorbench::bench {

namespace {

using clock_type = std::chrono::steady_clock;

// Tells the CPU this is a spin-wait loop (fewer wasted cycles, and on SMT the
// sibling thread gets the core).
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Pins the calling thread to one CPU while it lives, then gives it back the
// CPUs it had.
class thread_pin {
 public:
  explicit thread_pin(int cpu) {
    if (sched_getaffinity(0, sizeof(before_), &before_) == 0)
      pinned_ = actors::pin_this_thread({cpu});
  }
  ~thread_pin() {
    if (pinned_)
      sched_setaffinity(0, sizeof(before_), &before_);
  }
  thread_pin(const thread_pin&) = delete;
  thread_pin& operator=(const thread_pin&) = delete;

  bool pinned() const noexcept { return pinned_; }

 private:
  cpu_set_t before_;
  bool pinned_ = false;
};

double us_since(clock_type::time_point start) {
  return std::chrono::duration<double, std::micro>(clock_type::now() - start).count();
}

std::string describe(const rpc_mode& mode) {
  return to_string(mode.target) + (mode.tls ? " over TLS" : "");
}

// A client of one mode: its own actor system, the hello actor's proxy and a
// scoped actor to ask it from this thread.
class client {
 public:
  /// Starts the client's actor system; connects nowhere yet.
  static result<std::unique_ptr<client>> start(const rpc_mode& mode, const rpc_settings& s) {
    actors::remote_settings rs;
    rs.scheduler.threads = s.threads;
    if (s.spin_cpu)
      rs.scheduler.cpus = s.other_cpus;
    rs.tls = mode.tls;
    auto rt = actors::remote_runtime::create(rs);
    if (!rt)
      return bad_input(rt.err().detail);
    return std::unique_ptr<client>{new client(mode, s, std::move(*rt))};
  }

  result<bool> connect() {
    auto hello = runtime_->connect(mode_.target.host, mode_.target.port, settings_.timeout);
    if (!hello)
      return runtime_failure(hello.err().detail);
    hello_ = std::move(*hello);
    return true;
  }

  result<bool> ask() {
    std::string reply;
    caf::error failure;
    // The timeout is the blocking receive's own timed wait, not a request
    // timeout: CAF 0.17 hands every request timeout to its clock thread
    // (a mutex and a condition-variable wake-up of a third thread per
    // request), which a blocking actor that waits in place does not need.
    auto handle = self_->request(hello_, caf::infinite, settings_.name);
    spin_until_reply();
    caf::blocking_actor::accept_one_cond one;
    self_->varargs_receive(
      one, handle.id(), [&](std::string& r) { reply = std::move(r); },
      [&](caf::error& err) { failure = std::move(err); },
      caf::after(settings_.timeout) >>
        [&] { failure = caf::make_error(caf::sec::request_timeout); });
    if (failure)
      return runtime_failure("request to " + describe(mode_) + " failed: "
                             + (failure == caf::sec::request_timeout
                                  ? std::string{"no reply within the timeout"}
                                  : runtime_->system().render(failure)));
    if (reply != actors::hello(settings_.name))
      return runtime_failure("wrong reply from " + describe(mode_) + ": '" + reply + "'");
    return true;
  }

 private:
  // Waits up to settings_.spin for something to arrive, on this CPU, before
  // the receive blocks. Blocking means a futex wake-up of this thread when
  // the reply comes; on an otherwise idle VM that wake-up (an IPI to a
  // halted vCPU) costs more than the whole round trip on loopback.
  void spin_until_reply() {
    if (settings_.spin.count() <= 0)
      return;
    auto until = clock_type::now() + settings_.spin;
    // Only this thread dequeues, so the mailbox is never marked blocked here.
    while (self_->mailbox().empty() && clock_type::now() < until)
      cpu_relax();
  }

  client(const rpc_mode& mode, const rpc_settings& s, std::unique_ptr<actors::remote_runtime> rt)
    : mode_(mode), settings_(s), runtime_(std::move(rt)), self_(runtime_->system()) {}

  const rpc_mode& mode_;
  const rpc_settings& settings_;
  std::unique_ptr<actors::remote_runtime> runtime_;
  caf::scoped_actor self_;
  caf::actor hello_;
};

// One request over a brand-new client: system start and shutdown are timed
// apart from connect + request, which is the request's latency.
result<bool> ask_newly_connected(const rpc_mode& mode, const rpc_settings& s, rpc_result& out) {
  auto setup_start = clock_type::now();
  auto c = client::start(mode, s);
  if (!c)
    return c.err();
  double setup_us = us_since(setup_start);
  auto start = clock_type::now();
  if (auto ok = (*c)->connect(); !ok)
    return ok;
  double connect_us = us_since(start);
  if (auto ok = (*c)->ask(); !ok)
    return ok;
  out.latency_us.push_back(us_since(start));
  out.connect_us.push_back(connect_us);
  auto teardown_start = clock_type::now();
  c->reset(); // closes the connection
  out.setup_us.push_back(setup_us + us_since(teardown_start));
  return true;
}

} // namespace

result<std::vector<rpc_result>> run_rpc(const std::vector<rpc_mode>& modes, const rpc_settings& s,
                                        const std::atomic<bool>* stop) {
  std::vector<rpc_result> results;
  std::vector<std::unique_ptr<client>> clients;
  // The spinning thread gets a CPU of its own: when another thread of the
  // round trip (a multiplexer, here or in the server) sleeps on the
  // spinner's CPU, waking it waits for the spinner to be preempted, and the
  // whole run is about twice as slow.
  std::optional<thread_pin> pin;
  if (s.spin_cpu) {
    pin.emplace(*s.spin_cpu);
    if (!pin->pinned())
      return runtime_failure("cannot pin the measuring thread to CPU "
                             + std::to_string(*s.spin_cpu));
  }
  for (const auto& mode : modes) {
    rpc_result r;
    r.mode = mode;
    if (!s.reconnect) {
      auto c = client::start(mode, s);
      if (!c)
        return c.err();
      auto start = clock_type::now();
      if (auto ok = (*c)->connect(); !ok)
        return ok.err();
      r.connect_us.push_back(us_since(start));
      for (std::size_t i = 0; i < s.warmup; ++i)
        if (auto ok = (*c)->ask(); !ok)
          return ok.err();
      clients.push_back(std::move(*c));
    } else {
      rpc_result scratch; // warm-up requests are not kept
      for (std::size_t i = 0; i < s.warmup; ++i)
        if (auto ok = ask_newly_connected(mode, s, scratch); !ok)
          return ok.err();
    }
    r.latency_us.reserve(s.requests);
    results.push_back(std::move(r));
  }
  for (std::size_t round = 0; round < s.rounds; ++round) {
    // Spread the remainder over the first rounds.
    std::size_t count = s.requests / s.rounds + (round < s.requests % s.rounds ? 1 : 0);
    for (std::size_t m = 0; m < modes.size(); ++m) {
      auto& r = results[m];
      auto round_start = clock_type::now();
      for (std::size_t i = 0; i < count; ++i) {
        if (stop != nullptr && *stop) {
          for (auto& each : results)
            each.partial = true;
          return results;
        }
        if (s.reconnect) {
          if (auto ok = ask_newly_connected(modes[m], s, r); !ok)
            return ok.err();
        } else {
          auto start = clock_type::now();
          if (auto ok = clients[m]->ask(); !ok)
            return ok.err();
          r.latency_us.push_back(us_since(start));
        }
      }
      r.wall_seconds += us_since(round_start) / 1e6;
    }
  }
  return results;
}

} // namespace actorbench::bench
