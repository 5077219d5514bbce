#include "bench/scenarios/chameneos/chameneos.hpp"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include <caf/atom.hpp>
#include <caf/send.hpp>
#include <caf/type_erased_tuple.hpp>
#include <caf/type_nr.hpp>

#include "actors/runtime/countdown_latch.hpp"
#include "bench/scenarios/shared/lean_actor.hpp"
#include "bench/scenarios/shared/payload_fields.hpp"

namespace actorbench::actors {

namespace {

using clock = std::chrono::steady_clock;
using bytes_field = std::vector<std::uint8_t>;

// Mall to creatures, once: ask for your first meeting.
using cham_start_atom = caf::atom_constant<caf::atom("chstart")>;
// Creature to mall: (id, colour, payload) asks for a meeting.
using cham_meet_atom = caf::atom_constant<caf::atom("chmeet")>;
// Mall to the held creature: (partner id, partner's colour, payload).
using cham_partner_atom = caf::atom_constant<caf::atom("chpartner")>;
// Held creature to its partner: (own id, own old colour, new colour, payload).
using cham_change_atom = caf::atom_constant<caf::atom("chchange")>;
// Mall to a creature asking after the last meeting: (payload).
using cham_stop_atom = caf::atom_constant<caf::atom("chstop")>;
// Creature to mall before it quits: (id, meetings, mismatches, payload).
using cham_count_atom = caf::atom_constant<caf::atom("chcount")>;

// Sender ids of the sealers: creatures 0..C-1, the mall C. Counters rise per
// sender and receiver pair (CAF keeps each pair's order), so every receiver
// can check them.
// Above this many senders a creature's opener keeps its counters in a hash
// map: a flat vector per creature would grow with C squared.
constexpr std::size_t dense_limit = 1024;

// What the run's actors share; each holds it in its state, released when it
// quits (CAF destroys a stateful actor's state then), so the directory of
// handles below does not keep terminated actors alive.
struct shared_run {
  const seal_keys* keys = nullptr;
  std::size_t creatures = 0;
  std::uint64_t meetings = 0;
  suite_fault fault = suite_fault::none;
  std::vector<caf::actor> directory; // creatures by id, filled before the start
  caf::actor mall;
  std::atomic<bool> fault_pending{true};
  // Progress for the timeout's message; written by the mall only.
  std::atomic<std::uint64_t> arranged{0};
  std::atomic<std::uint64_t> reported{0};
  countdown_latch done{1};
  chameneos_sample out; // written by the mall before `done`
};

using shared_ptr = std::shared_ptr<shared_run>;

chameneos_colour colour_of(std::uint8_t c) {
  return static_cast<chameneos_colour>(c);
}

std::uint8_t byte_of(chameneos_colour c) {
  return static_cast<std::uint8_t>(c);
}

// Whether `xs` is (Atom, Ts...): a type token, then the atom's value.
template <class Atom, class... Ts>
bool is(const caf::type_erased_tuple& xs) {
  return xs.type_token() == caf::make_type_token<caf::atom_value, Ts...>()
         && (((caf::type_nr<Ts>::value != 0) && ...) || xs.match_elements<caf::atom_value, Ts...>())
         && xs.get_as<caf::atom_value>(0) == Atom::value;
}

// Opens the payload whose fields end message `xs` at `at` (sender, counter,
// and with crypto on the bytes).
void open_at(message_opener& opener, caf::type_erased_tuple& xs, std::size_t at) {
  bytes_field bytes;
  if (xs.size() > at + 2)
    bytes = std::move(*static_cast<bytes_field*>(xs.get_mutable(at + 2)));
  open_fields(opener, xs.get_as<std::uint32_t>(at), xs.get_as<std::uint64_t>(at + 1),
              std::move(bytes));
}

using u8 = std::uint8_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

// A creature or the mall: the run it shares, its sealer and opener, let go
// of at exit (the run's directory holds every creature's handle).
class cham_actor : public lean_actor {
 public:
  cham_actor(caf::actor_config& cfg, shared_ptr run, std::uint32_t sender, std::size_t senders)
    : lean_actor(cfg),
      run_(std::move(run)),
      sealer_(run_->keys, sender),
      opener_(run_->keys, senders) {}

 protected:
  void on_exit() override {
    run_.reset();
    sealer_ = message_sealer{};
    opener_ = message_opener{};
  }

  shared_ptr run_;
  message_sealer sealer_;
  message_opener opener_;
};

// -- creature -------------------------------------------------------------------
// Creatures and the mall are lean actors (lean_actor.hpp): a message is one
// type token check, and the actor a send wakes runs next on the same worker.

class creature_actor : public cham_actor {
 public:
  creature_actor(caf::actor_config& cfg, shared_ptr run, std::uint32_t id)
    : cham_actor(cfg, run, id, run->creatures + 1 <= dense_limit ? run->creatures + 1 : 0),
      id_(id),
      colour_(static_cast<chameneos_colour>(id % 3)) {}

 protected:
  void on_message(caf::mailbox_element& e) override;

 private:
  void ask(sealed_payload p) {
    if (run_->fault == suite_fault::replay)
      last_ask_ = p;
    send_sealed(context(), run_->mall, std::move(p), cham_meet_atom::value, id_, byte_of(colour_));
  }

  // After a change (the creature's previous seal was its last ask to the
  // mall, so a counter moved back is one the mall has seen), the one faulty
  // ask.
  void ask_after_change() {
    auto fault = run_->fault;
    if (fault == suite_fault::none || fault == suite_fault::miscount
        || !run_->fault_pending.exchange(false))
      return ask(seal_next(sealer_));
    if (fault == suite_fault::replay)
      return ask(last_ask_);
    auto p = seal_next(sealer_);
    forge(p);
    ask(std::move(p));
  }

  void on_partner(u32 partner, u8 partner_colour) {
    const auto old = colour_;
    colour_ = complement(old, colour_of(partner_colour));
    ++meetings_;
    // Telling the partner first: the lean actor runs the first actor a send
    // woke next on this worker, so the partner asks too before the mall
    // (queued) runs, and the mall takes both asks in one go.
    if (partner == id_ || partner >= run_->creatures)
      ++mismatches_;
    else
      send_sealed(context(), run_->directory[partner], seal_next(sealer_), cham_change_atom::value,
                  id_, byte_of(old), byte_of(colour_));
    ask(seal_next(sealer_));
  }

  void on_change(u32 from, u8 from_old, u8 colour) {
    if (from == id_ || from >= run_->creatures)
      ++mismatches_;
    // The rule checked on this side: the held creature computed it.
    if (colour_of(colour) != complement(colour_, colour_of(from_old)))
      ++mismatches_;
    colour_ = colour_of(colour);
    ++meetings_;
    ask_after_change();
  }

  void on_stop() {
    auto count = meetings_;
    if (run_->fault == suite_fault::miscount && id_ == 0)
      ++count;
    send_sealed(context(), run_->mall, seal_next(sealer_), cham_count_atom::value, id_, count,
                mismatches_);
    quit();
  }

  u32 id_;
  chameneos_colour colour_;
  u64 meetings_ = 0;
  u64 mismatches_ = 0;
  sealed_payload last_ask_; // kept only to replay it (suite_fault::replay)
};

// Each message in both shapes (payload_fields.hpp): with and without bytes.
void creature_actor::on_message(caf::mailbox_element& e) {
  auto& xs = e.content();
  if (is<cham_partner_atom, u32, u8, u32, u64>(xs)
      || is<cham_partner_atom, u32, u8, u32, u64, bytes_field>(xs)) {
    open_at(opener_, xs, 3);
    on_partner(xs.get_as<u32>(1), xs.get_as<u8>(2));
  } else if (is<cham_change_atom, u32, u8, u8, u32, u64>(xs)
             || is<cham_change_atom, u32, u8, u8, u32, u64, bytes_field>(xs)) {
    open_at(opener_, xs, 4);
    on_change(xs.get_as<u32>(1), xs.get_as<u8>(2), xs.get_as<u8>(3));
  } else if (is<cham_start_atom>(xs)) {
    ask(seal_next(sealer_));
  } else if (is<cham_stop_atom, u32, u64>(xs) || is<cham_stop_atom, u32, u64, bytes_field>(xs)) {
    open_at(opener_, xs, 1);
    on_stop();
  }
}

// -- mall ------------------------------------------------------------------------

class mall_actor : public cham_actor {
 public:
  mall_actor(caf::actor_config& cfg, shared_ptr run)
    : cham_actor(cfg, run, static_cast<std::uint32_t>(run->creatures), run->creatures),
      left_(run_->meetings),
      expected_(run_->creatures),
      met_(run_->creatures, 0),
      reported_(run_->creatures, false) {
    for (std::size_t i = 0; i < run_->creatures; ++i)
      expected_[i] = static_cast<chameneos_colour>(i % 3);
  }

 protected:
  void on_message(caf::mailbox_element& e) override;

 private:
  void on_meet(u32 id, u8 byte);
  void on_count(u32 id, u64 count, u64 mismatches);
  void finish();

  u64 left_ = 0;           // meetings still to arrange
  std::int64_t held_ = -1; // the creature waiting for a partner, or none
  chameneos_colour held_colour_ = chameneos_colour::blue;
  // Per creature: the colour its next ask must carry, its meetings, whether
  // it has reported.
  std::vector<chameneos_colour> expected_;
  std::vector<u64> met_;
  std::vector<bool> reported_;
  u64 reports_ = 0;
  chameneos_sample out_;
};

void mall_actor::on_message(caf::mailbox_element& e) {
  auto& xs = e.content();
  if (is<cham_meet_atom, u32, u8, u32, u64>(xs)
      || is<cham_meet_atom, u32, u8, u32, u64, bytes_field>(xs)) {
    open_at(opener_, xs, 3);
    on_meet(xs.get_as<u32>(1), xs.get_as<u8>(2));
  } else if (is<cham_count_atom, u32, u64, u64, u32, u64>(xs)
             || is<cham_count_atom, u32, u64, u64, u32, u64, bytes_field>(xs)) {
    open_at(opener_, xs, 4);
    on_count(xs.get_as<u32>(1), xs.get_as<u64>(2), xs.get_as<u64>(3));
  } else if (is<cham_start_atom>(xs)) {
    for (const auto& c : run_->directory)
      send_to(c, cham_start_atom::value);
  }
}

void mall_actor::on_meet(u32 id, u8 byte) {
  auto& run = *run_;
  if (id >= run.creatures) {
    ++out_.mismatches;
    return;
  }
  const auto colour = colour_of(byte);
  // The rule checked on the mall's side, for both creatures of each meeting.
  if (colour != expected_[id])
    ++out_.mismatches;
  if (left_ == 0) {
    send_sealed(context(), run.directory[id], seal_next(sealer_), cham_stop_atom::value);
    return;
  }
  if (held_ < 0) {
    held_ = id;
    held_colour_ = colour;
    return;
  }
  const auto held = static_cast<u32>(held_);
  if (held == id) {
    ++out_.mismatches; // asked twice without meeting anyone: never paired with itself
    return;
  }
  held_ = -1;
  --left_;
  ++out_.meetings;
  run.arranged.store(out_.meetings, std::memory_order_relaxed);
  expected_[held] = expected_[id] = complement(held_colour_, colour);
  ++met_[held];
  ++met_[id];
  send_sealed(context(), run.directory[held], seal_next(sealer_), cham_partner_atom::value, id,
              byte_of(colour));
}

void mall_actor::finish() {
  auto& run = *run_;
  if (out_.meetings != run.meetings)
    ++out_.mismatches;
  if (out_.creature_meetings != 2 * run.meetings)
    ++out_.mismatches;
  run.out = out_;
  run.done.count_down();
  quit();
}

void mall_actor::on_count(u32 id, u64 count, u64 mismatches) {
  out_.mismatches += mismatches;
  if (id >= run_->creatures || reported_[id]) {
    ++out_.mismatches;
    return;
  }
  reported_[id] = true;
  out_.creature_meetings += count;
  if (count != met_[id])
    ++out_.mismatches;
  run_->reported.store(++reports_, std::memory_order_relaxed);
  if (reports_ == run_->creatures)
    finish();
}

error timed_out(const shared_run& run, std::chrono::milliseconds timeout) {
  return error{errc::timeout,
               "chameneos not done after " + std::to_string(timeout.count()) + " ms: the mall had "
                 + std::to_string(run.arranged.load()) + " of " + std::to_string(run.meetings)
                 + " meetings and the counts of " + std::to_string(run.reported.load()) + " of "
                 + std::to_string(run.creatures) + " creatures"};
}

} // namespace

result<chameneos_sample> run_chameneos(caf::actor_system& system, const seal_keys& keys,
                                       const chameneos_params& params) {
  if (params.creatures < 2 || params.creatures > UINT32_MAX - 1)
    return error{errc::bad_parameter,
                 "chameneos needs 2 or more creatures, not " + std::to_string(params.creatures)};
  auto run = std::make_shared<shared_run>();
  run->keys = &keys;
  run->creatures = params.creatures;
  run->meetings = params.meetings;
  run->fault = params.fault;
  run->directory.reserve(params.creatures);
  const auto start = clock::now();
  for (std::size_t i = 0; i < params.creatures; ++i)
    run->directory.push_back(system.spawn<creature_actor>(run, static_cast<std::uint32_t>(i)));
  run->mall = system.spawn<mall_actor>(run);
  caf::anon_send(run->mall, cham_start_atom::value);
  if (!run->done.wait_for(params.timeout)) {
    for (const auto& c : run->directory)
      caf::anon_send_exit(c, caf::exit_reason::kill);
    caf::anon_send_exit(run->mall, caf::exit_reason::kill);
    return timed_out(*run, params.timeout);
  }
  auto out = run->out;
  out.elapsed_s = std::chrono::duration<double>(run->done.reached_at() - start).count();
  return out;
}

} // namespace actorbench::actors
