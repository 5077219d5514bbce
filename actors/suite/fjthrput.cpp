#include "actors/suite/fjthrput.hpp"

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <caf/atom.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/send.hpp>
#include <caf/stateful_actor.hpp>

#include "actors/runtime/countdown_latch.hpp"
#include "actors/suite/payload_fields.hpp"

namespace actorbench::actors {

namespace {

using clock = std::chrono::steady_clock;
using bytes_field = std::vector<std::uint8_t>;

// To the producer, once: send everything.
using fj_go_atom = caf::atom_constant<caf::atom("fjgo")>;
// Producer to an actor after its N messages: report.
using fj_done_atom = caf::atom_constant<caf::atom("fjdone")>;

// One actor's report, written by that actor before it counts the latch down.
struct fj_report {
  std::uint64_t count = 0;
  double sum = 0;
};

// What the run's actors share; each holds it in its state (released when it
// quits), so a timed-out run's stragglers never touch freed memory.
struct shared_run {
  const seal_keys* keys = nullptr;
  std::size_t messages = 0;
  double theta = 0;
  suite_fault fault = suite_fault::none;
  std::vector<caf::actor> workers;
  std::vector<fj_report> reports;
  countdown_latch done;
  explicit shared_run(std::size_t actors) : reports(actors), done(actors) {}
};

using shared_ptr = std::shared_ptr<shared_run>;

// -- the A actors ------------------------------------------------------------------

struct worker_state {
  shared_ptr run;
  std::uint32_t id = 0;
  std::uint64_t count = 0;
  double sum = 0;
  message_opener opener;
};

using worker_actor = caf::stateful_actor<worker_state>;

// One message: open its payload, do Savina's computation, count it.
void work(worker_actor* self, double theta, std::uint32_t sender, std::uint64_t counter,
          bytes_field&& bytes) {
  auto& s = self->state;
  open_fields(s.opener, sender, counter, std::move(bytes));
  ++s.count;
  s.sum += fjthrput_compute(theta);
}

void report(worker_actor* self) {
  auto& s = self->state;
  auto& r = s.run->reports[s.id];
  r.count = s.count + (s.run->fault == suite_fault::miscount && s.id == 0 ? 1 : 0);
  r.sum = s.sum;
  s.run->done.count_down();
  self->quit();
}

caf::behavior worker(worker_actor* self, shared_ptr run, std::uint32_t id) {
  auto& st = self->state;
  st.id = id;
  // The producer's lane i seals with sender id i: a flat vector of A.
  st.opener = message_opener{run->keys, run->reports.size()};
  st.run = std::move(run);
  // The hot message with nothing sealed goes to the default handler: CAF
  // 0.17 tries it against the two cases below by their sizes only, then
  // this checks its types with one type token instead of element by element
  // (callgrind: about 200 fewer instructions per message).
  self->set_default_handler(
    [](caf::scheduled_actor* ptr, caf::message_view& x) -> caf::result<caf::message> {
      const auto& xs = x.content();
      if (xs.type_token() != caf::make_type_token<double, std::uint32_t, std::uint64_t>())
        return caf::print_and_drop(ptr, x);
      work(static_cast<worker_actor*>(ptr), xs.get_as<double>(0), xs.get_as<std::uint32_t>(1),
           xs.get_as<std::uint64_t>(2), {});
      return caf::delegated<caf::message>{};
    });
  return {
    [=](double theta, std::uint32_t sender, std::uint64_t counter, bytes_field& bytes) -> one_way {
      work(self, theta, sender, counter, std::move(bytes));
      return {};
    },
    [=](fj_done_atom) { report(self); },
  };
}

// -- the producer ------------------------------------------------------------------
// An actor, measured against the run's own thread producing (bench/RESULTS.md):
// that is faster at its best but bimodal (three busy threads on two cores), the
// actor steady and faster in a fresh process.

struct producer_state {
  shared_ptr run;
  std::vector<message_sealer> lanes;
};

using producer_actor = caf::stateful_actor<producer_state>;

// Lane 0's message in the middle round, as the fault asks: forged after
// sealing, or the previous payload sent again.
sealed_payload faulty(message_sealer& lane, suite_fault fault, const sealed_payload& previous) {
  if (fault == suite_fault::replay)
    return previous;
  auto p = seal_next(lane);
  if (fault == suite_fault::forge)
    forge(p);
  return p;
}

void produce(producer_actor* self) {
  auto& st = self->state;
  const auto& run = *st.run;
  const auto actors = run.workers.size();
  const auto fault_round = run.messages / 2;
  const bool faulty_run = run.fault == suite_fault::forge || run.fault == suite_fault::replay;
  sealed_payload previous;
  for (std::size_t m = 0; m < run.messages; ++m) {
    for (std::size_t i = 0; i < actors; ++i) {
      auto p = faulty_run && i == 0 && m == fault_round && m > 0
                 ? faulty(st.lanes[0], run.fault, previous)
                 : seal_next(st.lanes[i]);
      if (faulty_run && i == 0 && m + 1 == fault_round)
        previous = p;
      send_sealed(self->context(), run.workers[i], std::move(p), run.theta);
    }
  }
  for (const auto& w : run.workers)
    self->send(w, fj_done_atom::value);
  self->quit();
}

caf::behavior producer(producer_actor* self, shared_ptr run) {
  auto& st = self->state;
  for (std::size_t i = 0; i < run->workers.size(); ++i)
    st.lanes.emplace_back(run->keys, static_cast<std::uint32_t>(i));
  st.run = std::move(run);
  return {
    [=](fj_go_atom) { produce(self); },
  };
}

// Every actor counted N; the sum of r is A*N*r within 1e-9 relative.
void check(const shared_run& run, fjthrput_sample& out) {
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
  auto run = std::make_shared<shared_run>(params.actors);
  run->keys = &keys;
  run->messages = params.messages;
  run->theta = params.theta;
  run->fault = params.fault;
  run->workers.reserve(params.actors);
  const auto start = clock::now();
  for (std::size_t i = 0; i < params.actors; ++i)
    run->workers.push_back(system.spawn(worker, run, static_cast<std::uint32_t>(i)));
  auto prod = system.spawn(producer, run);
  caf::anon_send(prod, fj_go_atom::value);
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
