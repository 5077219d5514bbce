#include "actors/suite/chameneos.hpp"

#include <atomic>
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

// -- creature -------------------------------------------------------------------

struct creature_state {
  shared_ptr run;
  std::uint32_t id = 0;
  chameneos_colour colour = chameneos_colour::blue;
  std::uint64_t meetings = 0;
  std::uint64_t mismatches = 0;
  message_sealer sealer;
  message_opener opener;
  sealed_payload last_ask; // kept only to replay it (suite_fault::replay)
};

using creature_actor = caf::stateful_actor<creature_state>;

void ask(creature_actor* self, sealed_payload p) {
  auto& st = self->state;
  if (st.run->fault == suite_fault::replay)
    st.last_ask = p;
  send_sealed(self->context(), st.run->mall, std::move(p), cham_meet_atom::value, st.id,
              byte_of(st.colour));
}

// After a change (the creature's previous seal was its last ask to the mall,
// so a counter moved back is one the mall has seen), the one faulty ask.
void ask_after_change(creature_actor* self) {
  auto& st = self->state;
  auto fault = st.run->fault;
  if (fault == suite_fault::none || fault == suite_fault::miscount
      || !st.run->fault_pending.exchange(false))
    return ask(self, seal_next(st.sealer));
  if (fault == suite_fault::replay)
    return ask(self, st.last_ask);
  auto p = seal_next(st.sealer);
  forge(p);
  ask(self, std::move(p));
}

void on_partner(creature_actor* self, std::uint32_t partner, std::uint8_t partner_colour) {
  auto& st = self->state;
  const auto old = st.colour;
  st.colour = complement(old, colour_of(partner_colour));
  ++st.meetings;
  // Asking first, then telling the partner: CAF runs the last actor woken
  // first, so the partner asks too before the mall runs, and the mall takes
  // both asks in one go (a quarter fewer actor wake-ups than the other order).
  ask(self, seal_next(st.sealer));
  if (partner == st.id || partner >= st.run->creatures)
    ++st.mismatches;
  else
    send_sealed(self->context(), st.run->directory[partner], seal_next(st.sealer),
                cham_change_atom::value, st.id, byte_of(old), byte_of(st.colour));
}

void on_change(creature_actor* self, std::uint32_t from, std::uint8_t from_old,
               std::uint8_t colour) {
  auto& st = self->state;
  if (from == st.id || from >= st.run->creatures)
    ++st.mismatches;
  // The rule checked on this side: the held creature computed it.
  if (colour_of(colour) != complement(st.colour, colour_of(from_old)))
    ++st.mismatches;
  st.colour = colour_of(colour);
  ++st.meetings;
  ask_after_change(self);
}

void on_stop(creature_actor* self) {
  auto& st = self->state;
  auto count = st.meetings;
  if (st.run->fault == suite_fault::miscount && st.id == 0)
    ++count;
  send_sealed(self->context(), st.run->mall, seal_next(st.sealer), cham_count_atom::value, st.id,
              count, st.mismatches);
  self->quit();
}

// The partner and change messages with nothing sealed, most of a
// creature's messages with crypto off (see is_message).
caf::result<caf::message> creature_fast_path(caf::scheduled_actor* ptr, caf::message_view& x) {
  auto* self = static_cast<creature_actor*>(ptr);
  const auto& xs = x.content();
  using std::uint32_t, std::uint64_t, std::uint8_t;
  if (is_message<cham_partner_atom, uint32_t, uint8_t, uint32_t, uint64_t>(xs)) {
    open_fields(self->state.opener, xs.get_as<uint32_t>(3), xs.get_as<uint64_t>(4));
    on_partner(self, xs.get_as<uint32_t>(1), xs.get_as<uint8_t>(2));
    return caf::delegated<caf::message>{};
  }
  if (is_message<cham_change_atom, uint32_t, uint8_t, uint8_t, uint32_t, uint64_t>(xs)) {
    open_fields(self->state.opener, xs.get_as<uint32_t>(4), xs.get_as<uint64_t>(5));
    on_change(self, xs.get_as<uint32_t>(1), xs.get_as<uint8_t>(2), xs.get_as<uint8_t>(3));
    return caf::delegated<caf::message>{};
  }
  return caf::print_and_drop(ptr, x);
}

caf::behavior creature(creature_actor* self, shared_ptr run, std::uint32_t id) {
  auto& st = self->state;
  st.id = id;
  st.colour = static_cast<chameneos_colour>(id % 3);
  st.sealer = message_sealer{run->keys, id};
  st.opener = message_opener{run->keys, run->creatures + 1 <= dense_limit ? run->creatures + 1 : 0};
  st.run = std::move(run);
  self->set_default_handler(creature_fast_path);
  // Each message in both shapes (payload_fields.hpp); the hot ones with
  // nothing sealed go to creature_fast_path.
  return {
    [=](cham_partner_atom, std::uint32_t partner, std::uint8_t colour, std::uint32_t sender,
        std::uint64_t counter, bytes_field& bytes) -> one_way {
      open_fields(self->state.opener, sender, counter, std::move(bytes));
      on_partner(self, partner, colour);
      return {};
    },
    [=](cham_change_atom, std::uint32_t from, std::uint8_t from_old, std::uint8_t colour,
        std::uint32_t sender, std::uint64_t counter, bytes_field& bytes) -> one_way {
      open_fields(self->state.opener, sender, counter, std::move(bytes));
      on_change(self, from, from_old, colour);
      return {};
    },
    [=](cham_start_atom) { ask(self, seal_next(self->state.sealer)); },
    [=](cham_stop_atom, std::uint32_t sender, std::uint64_t counter) {
      open_fields(self->state.opener, sender, counter);
      on_stop(self);
    },
    [=](cham_stop_atom, std::uint32_t sender, std::uint64_t counter, bytes_field& bytes) {
      open_fields(self->state.opener, sender, counter, std::move(bytes));
      on_stop(self);
    },
  };
}

// -- mall ------------------------------------------------------------------------

struct mall_state {
  shared_ptr run;
  message_sealer sealer;
  message_opener opener;
  std::uint64_t left = 0; // meetings still to arrange
  std::int64_t held = -1; // the creature waiting for a partner, or none
  chameneos_colour held_colour = chameneos_colour::blue;
  // Per creature: the colour its next ask must carry, its meetings, whether
  // it has reported.
  std::vector<chameneos_colour> expected;
  std::vector<std::uint64_t> met;
  std::vector<bool> reported;
  std::uint64_t reports = 0;
  chameneos_sample out;
};

using mall_actor = caf::stateful_actor<mall_state>;

void send_sealed(mall_actor* self, const caf::actor& to, std::uint32_t partner,
                 chameneos_colour colour) {
  send_sealed(self->context(), to, seal_next(self->state.sealer), cham_partner_atom::value, partner,
              byte_of(colour));
}

void on_meet(mall_actor* self, std::uint32_t id, std::uint8_t byte) {
  auto& st = self->state;
  auto& run = *st.run;
  if (id >= run.creatures) {
    ++st.out.mismatches;
    return;
  }
  const auto colour = colour_of(byte);
  // The rule checked on the mall's side, for both creatures of each meeting.
  if (colour != st.expected[id])
    ++st.out.mismatches;
  if (st.left == 0) {
    send_sealed(self->context(), run.directory[id], seal_next(st.sealer), cham_stop_atom::value);
    return;
  }
  if (st.held < 0) {
    st.held = id;
    st.held_colour = colour;
    return;
  }
  const auto held = static_cast<std::uint32_t>(st.held);
  if (held == id) {
    ++st.out.mismatches; // asked twice without meeting anyone: never paired with itself
    return;
  }
  st.held = -1;
  --st.left;
  ++st.out.meetings;
  run.arranged.store(st.out.meetings, std::memory_order_relaxed);
  st.expected[held] = st.expected[id] = complement(st.held_colour, colour);
  ++st.met[held];
  ++st.met[id];
  send_sealed(self, run.directory[held], id, colour);
}

void finish(mall_actor* self) {
  auto& st = self->state;
  auto& run = *st.run;
  if (st.out.meetings != run.meetings)
    ++st.out.mismatches;
  if (st.out.creature_meetings != 2 * run.meetings)
    ++st.out.mismatches;
  run.out = st.out;
  run.done.count_down();
  self->quit();
}

void on_count(mall_actor* self, std::uint32_t id, std::uint64_t count, std::uint64_t mismatches) {
  auto& st = self->state;
  st.out.mismatches += mismatches;
  if (id >= st.run->creatures || st.reported[id]) {
    ++st.out.mismatches;
    return;
  }
  st.reported[id] = true;
  st.out.creature_meetings += count;
  if (count != st.met[id])
    ++st.out.mismatches;
  st.run->reported.store(++st.reports, std::memory_order_relaxed);
  if (st.reports == st.run->creatures)
    finish(self);
}

// An ask with nothing sealed, most of the mall's messages with crypto off.
caf::result<caf::message> mall_fast_path(caf::scheduled_actor* ptr, caf::message_view& x) {
  auto* self = static_cast<mall_actor*>(ptr);
  const auto& xs = x.content();
  if (!is_message<cham_meet_atom, std::uint32_t, std::uint8_t, std::uint32_t, std::uint64_t>(xs))
    return caf::print_and_drop(ptr, x);
  open_fields(self->state.opener, xs.get_as<std::uint32_t>(3), xs.get_as<std::uint64_t>(4));
  on_meet(self, xs.get_as<std::uint32_t>(1), xs.get_as<std::uint8_t>(2));
  return caf::delegated<caf::message>{};
}

caf::behavior mall(mall_actor* self, shared_ptr run) {
  auto& st = self->state;
  const auto n = run->creatures;
  st.sealer = message_sealer{run->keys, static_cast<std::uint32_t>(n)};
  st.opener = message_opener{run->keys, n};
  st.left = run->meetings;
  st.expected.resize(n);
  for (std::size_t i = 0; i < n; ++i)
    st.expected[i] = static_cast<chameneos_colour>(i % 3);
  st.met.assign(n, 0);
  st.reported.assign(n, false);
  st.run = std::move(run);
  self->set_default_handler(mall_fast_path);
  // Each message in both shapes (payload_fields.hpp); an ask with nothing
  // sealed goes to mall_fast_path.
  return {
    [=](cham_meet_atom, std::uint32_t id, std::uint8_t colour, std::uint32_t sender,
        std::uint64_t counter, bytes_field& bytes) -> one_way {
      open_fields(self->state.opener, sender, counter, std::move(bytes));
      on_meet(self, id, colour);
      return {};
    },
    [=](cham_start_atom) {
      for (const auto& c : self->state.run->directory)
        self->send(c, cham_start_atom::value);
    },
    [=](cham_count_atom, std::uint32_t id, std::uint64_t count, std::uint64_t mismatches,
        std::uint32_t sender, std::uint64_t counter) {
      open_fields(self->state.opener, sender, counter);
      on_count(self, id, count, mismatches);
    },
    [=](cham_count_atom, std::uint32_t id, std::uint64_t count, std::uint64_t mismatches,
        std::uint32_t sender, std::uint64_t counter, bytes_field& bytes) {
      open_fields(self->state.opener, sender, counter, std::move(bytes));
      on_count(self, id, count, mismatches);
    },
  };
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
    run->directory.push_back(system.spawn(creature, run, static_cast<std::uint32_t>(i)));
  run->mall = system.spawn(mall, run);
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
