#include "bench/scenarios/fjthrput/fjthrput.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <string>
#include <thread>
#include <typeinfo>
#include <vector>

#include <caf/atom.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/send.hpp>

#include "actors/runtime/countdown_latch.hpp"
#include "bench/scenarios/shared/lean_actor.hpp"
#include "bench/scenarios/shared/payload_fields.hpp"
#include "bench/scenarios/shared/recycled_element.hpp"

namespace actorbench::actors {

namespace {

using clock = std::chrono::steady_clock;
using bytes_field = std::vector<std::uint8_t>;

// The crypto-off message (theta, sender, counter) in a recycled element.
using plain_element = recycled_element<double, std::uint32_t, std::uint64_t>;

// Producer to an actor after its N messages: report.
using fj_done_atom = caf::atom_constant<caf::atom("fjdone")>;

// One actor's report, written by that actor before it counts the latch down.
struct fj_report {
  std::uint64_t count = 0;
  double sum = 0;
};

// What the run's actors share; each holds it in its state (released when it
// quits), so a timed-out run's stragglers never touch freed memory.
struct fj_run {
  const seal_keys* keys = nullptr;
  std::size_t messages = 0;
  double theta = 0;
  suite_fault fault = suite_fault::none;
  std::vector<caf::actor> workers;
  std::vector<fj_report> reports;
  countdown_latch done;
  // Messages the last actor has counted (it is the last one each round
  // wakes): how far behind the producer the actors are. On a line of its
  // own, written by that actor alone.
  alignas(64) std::atomic<std::uint64_t> last_count{0};
  explicit fj_run(std::size_t actors) : reports(actors), done(actors) {}
};

using fj_run_ptr = std::shared_ptr<fj_run>;

// -- the A actors ------------------------------------------------------------------

// One of the A actors, a lean actor (lean_actor.hpp): a message is one type
// token check and one virtual call instead of CAF's behavior matching.
class worker_actor : public lean_actor {
 public:
  worker_actor(caf::actor_config& cfg, fj_run_ptr run, std::uint32_t id)
    : lean_actor(cfg),
      run_(std::move(run)),
      id_(id),
      // The producer's lane i seals with sender id i: a flat vector of A.
      opener_(run_->keys, run_->reports.size()),
      last_(id + 1 == run_->reports.size()) {}

 protected:
  void on_message(caf::mailbox_element& e) override {
    // The crypto-off element's own type: its values without the type-erased
    // tuple's virtual accessors.
    if (typeid(e) == typeid(plain_element)) {
      auto& [theta, sender, counter] = static_cast<plain_element&>(e).values();
      opener_.open_plain(sender, counter);
      count(theta);
      return;
    }
    auto& xs = e.content();
    if (holds<double, std::uint32_t, std::uint64_t>(xs))
      work(xs.get_as<double>(0), xs.get_as<std::uint32_t>(1), xs.get_as<std::uint64_t>(2), {});
    else if (holds<double, std::uint32_t, std::uint64_t, bytes_field>(xs))
      work(xs.get_as<double>(0), xs.get_as<std::uint32_t>(1), xs.get_as<std::uint64_t>(2),
           std::move(*static_cast<bytes_field*>(xs.get_mutable(3))));
    else if (holds<caf::atom_value>(xs) && xs.get_as<caf::atom_value>(0) == fj_done_atom::value)
      report();
  }

  // Lets go of the run (and with it the workers' handles) at exit.
  void on_exit() override {
    run_.reset();
    opener_ = message_opener{};
  }

 private:
  // One message: open its payload, do Savina's computation, count it.
  void work(double theta, std::uint32_t sender, std::uint64_t counter, bytes_field&& bytes) {
    open_fields(opener_, sender, counter, std::move(bytes));
    count(theta);
  }

  void count(double theta) {
    ++count_;
    sum_ += fjthrput_compute(theta);
    if (last_)
      run_->last_count.store(count_, std::memory_order_relaxed);
  }

  void report() {
    auto& r = run_->reports[id_];
    r.count = count_ + (run_->fault == suite_fault::miscount && id_ == 0 ? 1 : 0);
    r.sum = sum_;
    run_->done.count_down();
    quit();
  }

  fj_run_ptr run_;
  std::uint32_t id_;
  std::uint64_t count_ = 0;
  double sum_ = 0;
  message_opener opener_;
  bool last_;
};

// -- the producer ------------------------------------------------------------------
// Sends `burst` rounds (one message to each actor) per turn, then yields its
// worker (resume_later, as the mailbox scenario's senders do), so the actors
// it woke run while their messages are still in cache instead of each
// collecting a backlog of N. Its only mail is an exit message on a timeout.

class producer_actor : public caf::event_based_actor {
 public:
  producer_actor(caf::actor_config& cfg, fj_run_ptr run, std::size_t burst, std::size_t window)
    : caf::event_based_actor(cfg),
      run_(std::move(run)),
      burst_(std::max<std::size_t>(burst, 1)),
      window_(window) {
    for (std::size_t i = 0; i < run_->workers.size(); ++i)
      lanes_.emplace_back(run_->keys, static_cast<std::uint32_t>(i));
  }

  caf::behavior make_behavior() override {
    return {[](caf::unit_t) {}};
  }

  resume_result resume(caf::execution_unit* ctx, std::size_t max_throughput) override {
    if (!mailbox().empty() || getf(is_shutting_down_flag))
      return caf::event_based_actor::resume(ctx, max_throughput);
    if (!activate(ctx)) // the first turn makes the behavior
      return resumable::done;
    if (ahead()) {
      // Only on a thread of its own (window 0 otherwise): let the actors'
      // thread catch up, then look again (and at the mailbox first).
      std::this_thread::yield();
      return resumable::resume_later;
    }
    produce();
    return finalize() ? resumable::done : resumable::resume_later;
  }

  void on_exit() override { run_.reset(); }

 private:
  // Whether the producer is a full window of rounds ahead of the last actor.
  bool ahead() const {
    return window_ != 0 && round_ >= window_ + run_->last_count.load(std::memory_order_relaxed);
  }

  // Lane 0's message in the middle round, as the fault asks: forged after
  // sealing, or the previous payload sent again.
  sealed_payload faulty(suite_fault fault) {
    if (fault == suite_fault::replay)
      return previous_;
    auto p = seal_next(lanes_[0]);
    if (fault == suite_fault::forge)
      forge(p);
    return p;
  }

  // Crypto off: a recycled element of three values; on: CAF's own.
  void send_one(const caf::actor& to, sealed_payload&& p, double theta) {
    if (p.bytes.empty())
      to->enqueue(plain_element::make(theta, p.sender, p.counter), context());
    else
      send_sealed(context(), to, std::move(p), theta);
  }

  // Crypto off and no fault: each message a recycled element of (theta,
  // lane, the lane's next counter), straight into the actor's mailbox.
  void produce_plain(std::size_t end) {
    const auto& run = *run_;
    const auto actors = run.workers.size();
    for (; round_ < end; ++round_)
      for (std::size_t i = 0; i < actors; ++i)
        run.workers[i]->enqueue(
          plain_element::make(run.theta, lanes_[i].sender(), lanes_[i].next_plain()), context());
  }

  void produce() {
    const auto& run = *run_;
    const auto actors = run.workers.size();
    const auto fault_round = run.messages / 2;
    const bool faulty_run = run.fault == suite_fault::forge || run.fault == suite_fault::replay;
    const auto end = std::min(run.messages, round_ + burst_);
    if (!faulty_run && lanes_[0].plain())
      produce_plain(end);
    for (; round_ < end; ++round_) {
      const auto m = round_;
      for (std::size_t i = 0; i < actors; ++i) {
        auto p = faulty_run && i == 0 && m == fault_round && m > 0 ? faulty(run.fault)
                                                                   : seal_next(lanes_[i]);
        if (faulty_run && i == 0 && m + 1 == fault_round)
          previous_ = p;
        send_one(run.workers[i], std::move(p), run.theta);
      }
    }
    if (round_ < run.messages)
      return;
    for (const auto& w : run.workers)
      send(w, fj_done_atom::value);
    quit();
  }

  fj_run_ptr run_;
  std::size_t burst_;
  std::size_t window_;
  std::size_t round_ = 0;
  std::vector<message_sealer> lanes_;
  sealed_payload previous_;
};

// Every actor counted N; the sum of r is A*N*r within 1e-9 relative.
void check(const fj_run& run, fjthrput_sample& out) {
  const double r = fjthrput_compute(run.theta);
  out.expected_sum =
    static_cast<double>(run.reports.size()) * static_cast<double>(run.messages) * r;
  for (const auto& rep : run.reports) {
    out.messages += rep.count;
    out.sum += rep.sum;
    if (rep.count != run.messages)
      ++out.mismatches;
  }
  if (std::abs(out.sum - out.expected_sum) > 1e-9 * std::abs(out.expected_sum))
    ++out.mismatches;
}

} // namespace

double fjthrput_compute(double theta) noexcept {
  const double s = std::sin(theta);
  return s * s;
}

result<fjthrput_sample> run_fjthrput(caf::actor_system& system, const seal_keys& keys,
                                     const fjthrput_params& params) {
  if (params.actors == 0 || params.actors > UINT32_MAX)
    return error{errc::bad_parameter,
                 "fjthrput needs 1 or more actors, not " + std::to_string(params.actors)};
  auto run = std::make_shared<fj_run>(params.actors);
  run->keys = &keys;
  run->messages = params.messages;
  run->theta = params.theta;
  run->fault = params.fault;
  run->workers.reserve(params.actors);
  const auto start = clock::now();
  for (std::size_t i = 0; i < params.actors; ++i)
    run->workers.push_back(system.spawn<worker_actor>(run, static_cast<std::uint32_t>(i)));
  auto prod = params.own_thread
                ? system.spawn<producer_actor, caf::detached>(run, params.burst, params.window)
                : system.spawn<producer_actor>(run, params.burst, std::size_t{0});
  // The time limit counts from the first spawn.
  if (!run->done.wait_for(params.timeout - (clock::now() - start))) {
    for (const auto& w : run->workers)
      caf::anon_send_exit(w, caf::exit_reason::kill);
    caf::anon_send_exit(prod, caf::exit_reason::kill);
    return error{errc::timeout, "fjthrput not done after " + std::to_string(params.timeout.count())
                                  + " ms: " + std::to_string(run->done.remaining()) + " of "
                                  + std::to_string(params.actors) + " actors had not reported"};
  }
  fjthrput_sample out;
  check(*run, out);
  out.elapsed_s = std::chrono::duration<double>(clock::now() - start).count();
  return out;
}

} // namespace actorbench::actors
