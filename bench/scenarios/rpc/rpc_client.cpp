#include "bench/scenarios/rpc/rpc_client.hpp"

#include <algorithm>

#include <caf/after.hpp>

#include "bench/scenarios/shared/seconds_since.hpp"
#include "actors/remote/hello.hpp"

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

} // namespace

result<std::unique_ptr<rpc_client>> rpc_client::start(
  const endpoint& target, const std::optional<actors::tls_settings>& tls,
  const rpc_client_settings& settings) {
  actors::remote_settings rs;
  rs.scheduler.threads = settings.threads;
  rs.scheduler.cpus = settings.cpus;
  rs.tls = tls;
  auto rt = actors::remote_runtime::create(rs);
  if (!rt)
    return bad_input(rt.err());
  return std::unique_ptr<rpc_client>{new rpc_client(target, tls, settings, std::move(*rt))};
}

rpc_client::rpc_client(const endpoint& target, const std::optional<actors::tls_settings>& tls,
                       const rpc_client_settings& settings,
                       std::unique_ptr<actors::remote_runtime> rt)
  : target_(target),
    tls_(tls.has_value()),
    settings_(settings),
    runtime_(std::move(rt)),
    self_(runtime_->system()) {}

std::string rpc_client::describe() const {
  return to_string(target_) + (tls_ ? " over TLS" : "");
}

result<void> rpc_client::connect() {
  auto hello = runtime_->connect(target_.host, target_.port, settings_.timeout);
  if (!hello)
    return runtime_failure(hello.err());
  hello_ = std::move(*hello);
  hello_gone_->store(false);
  caf::actor_cast<caf::abstract_actor*>(hello_)->attach_functor(
    [gone = hello_gone_](const caf::error&) { gone->store(true); });
  return {};
}

error rpc_client::gone() const {
  return runtime_failure("request to " + describe()
                         + " failed: the server went away (its hello actor stopped or the "
                           "connection closed)");
}

result<void> rpc_client::ask() {
  std::string reply;
  caf::error failure;
  // The timeout is the blocking receive's own timed wait, not a request
  // timeout: CAF 0.17 hands every request timeout to its clock thread
  // (a mutex and a condition-variable wake-up of a third thread per
  // request), which a blocking actor that waits in place does not need.
  if (hello_gone_->load())
    return gone();
  auto handle = self_->request(hello_, caf::infinite, settings_.name);
  spin_until_reply();
  // The wait goes in slices: a reply that is late by one slice is already
  // far off the normal path, and between slices a server that went away
  // (whose answer will never come) is noticed at once.
  const auto slice = std::chrono::milliseconds{100};
  auto until = clock_type::now() + settings_.timeout;
  for (bool waiting = true; waiting;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - clock_type::now());
    bool last = left <= slice;
    caf::blocking_actor::accept_one_cond one;
    self_->varargs_receive(
      one, handle.id(),
      [&](std::string& r) {
        reply = std::move(r);
        waiting = false;
      },
      [&](caf::error& err) {
        failure = std::move(err);
        waiting = false;
      },
      caf::after(last ? std::max(left, std::chrono::milliseconds{0}) : slice) >> [&] {
        if (last) {
          failure = caf::make_error(caf::sec::request_timeout);
          waiting = false;
        } else if (hello_gone_->load()) {
          failure = caf::make_error(caf::sec::request_receiver_down);
          waiting = false;
        }
      });
  }
  if (failure == caf::sec::request_receiver_down || (failure && hello_gone_->load()))
    return gone();
  if (failure)
    return runtime_failure("request to " + describe() + " failed: "
                           + (failure == caf::sec::request_timeout
                                ? std::string{"no reply within the timeout"}
                                : runtime_->system().render(failure)));
  if (reply != actors::hello(settings_.name))
    return runtime_failure("wrong reply from " + describe() + ": '" + reply + "'");
  return {};
}

// Waits up to settings_.spin for something to arrive, on this CPU, before
// the receive blocks. Blocking means a futex wake-up of this thread when
// the reply comes; on an otherwise idle VM that wake-up (an IPI to a
// halted vCPU) costs more than the whole round trip on loopback.
void rpc_client::spin_until_reply() {
  if (settings_.spin.count() <= 0)
    return;
  auto until = clock_type::now() + settings_.spin;
  // Only this thread dequeues, so the mailbox is never marked blocked here.
  while (self_->mailbox().empty() && clock_type::now() < until)
    cpu_relax();
}

result<fresh_request_times> ask_fresh(const endpoint& target,
                                      const std::optional<actors::tls_settings>& tls,
                                      const rpc_client_settings& settings) {
  fresh_request_times out;
  auto setup_start = clock_type::now();
  auto c = rpc_client::start(target, tls, settings);
  if (!c)
    return c.err();
  double setup_s = seconds_since(setup_start);
  auto start = clock_type::now();
  if (auto ok = (*c)->connect(); !ok)
    return ok.err();
  out.connect_s = seconds_since(start);
  if (auto ok = (*c)->ask(); !ok)
    return ok.err();
  out.latency_s = seconds_since(start);
  auto teardown_start = clock_type::now();
  c->reset(); // closes the connection
  out.setup_s = setup_s + seconds_since(teardown_start);
  return out;
}

} // namespace actorbench::bench
