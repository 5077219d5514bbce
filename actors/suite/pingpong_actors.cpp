#include "actors/suite/pingpong_actors.hpp"

#include <caf/actor_cast.hpp>
#include <caf/exit_reason.hpp>
#include <caf/sec.hpp>

namespace actorbench::actors {

namespace {

using clock = std::chrono::steady_clock;

using ping_self = caf::stateful_actor<ping_state>*;
using pong_self = caf::stateful_actor<pong_state>*;

// The ping is whoever sent the first message: cached, so the echo costs no
// handle conversion.
// A pong on a node watches its ping, so a driver that goes away leaves
// nothing behind.
const caf::actor& ping_of(pong_self self) {
  auto& st = self->state;
  if (!st.ping) {
    st.ping = caf::actor_cast<caf::actor>(self->current_sender());
    if (st.cfg.remote)
      self->monitor(st.ping);
  }
  return st.ping;
}

std::uint64_t pong_echo(pong_self self, std::uint64_t i) {
  auto& st = self->state;
  ++st.handled;
  return st.cfg.fault == suite_fault::miscount && i == st.cfg.fault_at ? i + 1 : i;
}

// The pong's counts, for a ping whose pong is on another node.
void pong_report(pong_self self) {
  auto& st = self->state;
  self->send(ping_of(self), pingpong_done_atom::value, st.handled, st.opener.forged(),
             st.opener.replayed());
  self->quit();
}

void finish(ping_self self, std::string failure = {}, errc code = errc::crypto_failure) {
  auto& st = self->state;
  if (st.finished)
    return;
  st.finished = true;
  pingpong_pair_result r;
  r.round_trips = st.next;
  r.mismatches = st.mismatches;
  r.finished = clock::now();
  r.latency_s = std::move(st.latency_s);
  r.failure = std::move(failure);
  r.failure_code = code;
  st.cfg.board->finish(st.cfg.pair, std::move(r));
  if (!st.cfg.remote_pong)
    self->send_exit(st.cfg.pong, caf::exit_reason::user_shutdown);
  self->quit();
}

// The last echo is checked. A remote pong's counts come back first: its
// forged and replayed payloads count like local ones, and it must have
// echoed every round trip.
void end_round_trips(ping_self self) {
  auto& st = self->state;
  if (!st.cfg.remote_pong)
    return finish(self);
  self->send(st.cfg.pong, pingpong_done_atom::value);
  self->become([self](pingpong_done_atom, std::uint64_t handled, std::uint64_t forged,
                      std::uint64_t replayed) {
    auto& st = self->state;
    if (st.cfg.keys->on())
      st.cfg.keys->add_calls(handled, handled);
    st.cfg.keys->add_rejects(forged, replayed);
    if (handled != st.cfg.round_trips)
      ++st.mismatches;
    finish(self);
  });
}

// With crypto off a forged or replayed message is a wrong number: the echo
// check counts it.
std::uint64_t plain_number(const ping_config& cfg, std::uint64_t i) {
  if (i != cfg.fault_at)
    return i;
  if (cfg.fault == suite_fault::forge)
    return i ^ (std::uint64_t{1} << 40);
  if (cfg.fault == suite_fault::replay)
    return i - 1;
  return i;
}

// Seals round trip i's payload, forging it or replaying the previous one
// when the fault says so.
result<sealed_payload> ping_payload(ping_state& st, std::uint64_t i) {
  const auto& cfg = st.cfg;
  if (cfg.fault == suite_fault::replay && i == cfg.fault_at)
    return st.kept;
  auto p = st.sealer.seal();
  if (!p)
    return p;
  if (cfg.fault == suite_fault::forge && i == cfg.fault_at)
    forge(*p);
  if (cfg.fault == suite_fault::replay && i + 1 == cfg.fault_at)
    st.kept = *p;
  return p;
}

void send_next(ping_self self) {
  auto& st = self->state;
  const auto i = st.next;
  if (i % st.cfg.sample_every == 0)
    st.sent_at = clock::now();
  if (!st.cfg.keys->on()) {
    self->send(st.cfg.pong, plain_number(st.cfg, i));
    return;
  }
  auto p = ping_payload(st, i);
  if (!p)
    return finish(self, "ping " + std::to_string(st.cfg.pair) + ": " + p.err().detail);
  self->send(st.cfg.pong, i, std::move(*p));
}

void on_echo(ping_self self, std::uint64_t echo) {
  auto& st = self->state;
  const auto i = st.next;
  if (i % st.cfg.sample_every == 0)
    st.latency_s.push_back(std::chrono::duration<double>(clock::now() - st.sent_at).count());
  if (echo != i)
    ++st.mismatches;
  st.next = i + 1;
  if ((st.next & 0xfff) == 0)
    st.cfg.board->progress(st.cfg.pair, st.next);
  if (st.next == st.cfg.round_trips)
    return end_round_trips(self);
  send_next(self);
}

} // namespace

caf::behavior pong_actor(pong_self self, pong_config cfg) {
  auto& st = self->state;
  st.sealer = message_sealer{cfg.keys, cfg.sender};
  st.opener = message_opener{cfg.keys};
  st.cfg = std::move(cfg);
  self->set_down_handler([self](const caf::down_msg&) { self->quit(); });
  if (!st.cfg.keys->on())
    return {
      [self](std::uint64_t i) { self->send(ping_of(self), pong_echo(self, i)); },
      [self](pingpong_done_atom) { pong_report(self); },
    };
  return {
    [self](std::uint64_t i, const sealed_payload& p) {
      auto& st = self->state;
      // A forged or replayed payload is counted by the opener; the echo
      // still goes back, so the run ends and reports it.
      st.opener.open(p);
      auto reply = st.sealer.seal();
      if (!reply)
        return self->quit(caf::make_error(caf::sec::runtime_error, reply.err().detail));
      self->send(ping_of(self), pong_echo(self, i), std::move(*reply));
    },
    [self](pingpong_done_atom) { pong_report(self); },
  };
}

caf::behavior ping_actor(ping_self self, ping_config cfg) {
  auto& st = self->state;
  st.sealer = message_sealer{cfg.keys, cfg.sender};
  st.opener = message_opener{cfg.keys};
  st.latency_s.reserve(cfg.round_trips / cfg.sample_every + 1);
  st.cfg = std::move(cfg);
  self->monitor(st.cfg.pong);
  self->set_down_handler([self](const caf::down_msg& down) {
    finish(self,
           "pong " + std::to_string(self->state.cfg.pair) + " went down after "
             + std::to_string(self->state.next) + " round trips: " + to_string(down.reason),
           errc::node_failure);
  });
  if (st.cfg.round_trips == 0) {
    finish(self);
    return {};
  }
  send_next(self);
  if (!st.cfg.keys->on())
    return {
      [self](std::uint64_t echo) { on_echo(self, echo); },
    };
  return {
    [self](std::uint64_t echo, const sealed_payload& p) {
      self->state.opener.open(p);
      on_echo(self, echo);
    },
  };
}

} // namespace actorbench::actors
