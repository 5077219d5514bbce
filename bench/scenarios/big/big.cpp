#include "bench/scenarios/big/big.hpp"

#include "bench/scenarios/shared/lean_actor.hpp"

#include <future>
#include <memory>
#include <string>
#include <vector>

#include <caf/atom.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/meta/type_name.hpp>
#include <caf/send.hpp>
#include <caf/stateful_actor.hpp>

namespace actorbench::actors {

namespace {

/// Main to each actor, once: start pinging.
using big_start_atom = caf::atom_constant<caf::atom("bstart")>;
/// Each actor to the sink after its N pongs: (big_report_atom, index,
/// pongs, mismatches).
using big_report_atom = caf::atom_constant<caf::atom("breport")>;

/// A ping: answer with a pong of `seq`. The payload's sender is the pinger
/// (its index is its sealer's id). One element of one custom type: CAF 0.17
/// matches a message element by element, some 50 instructions each.
struct big_ping {
  std::uint64_t seq = 0;
  sealed_payload payload;
};

/// The answer to ping `seq`, sealed by the actor pinged.
struct big_pong {
  std::uint64_t seq = 0;
  sealed_payload payload;
};

/// Lets CAF 0.17 carry pings and pongs in messages.
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, big_ping& x) {
  return f(caf::meta::type_name("actorbench.big_ping"), x.seq, x.payload);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, big_pong& x) {
  return f(caf::meta::type_name("actorbench.big_pong"), x.seq, x.payload);
}

/// What every actor of one run reads. `peers` is filled after every actor
/// is spawned and before any is started, so a ping (sent only after a start)
/// always finds it complete.
struct big_shared {
  big_params params;
  const seal_keys* keys = nullptr;
  std::vector<caf::actor> peers;
  caf::actor sink;
};

/// What the sink found, handed to main once.
struct big_tally {
  std::uint64_t messages = 0;
  std::uint64_t mismatches = 0;
};

/// What main waits for; shared, since after a timeout the sink may still
/// touch it when run_big has returned.
struct big_outcome {
  std::promise<big_tally> done;
  std::atomic<std::uint64_t> reports{0};
};

class big_actor : public lean_actor {
 public:
  big_actor(caf::actor_config& cfg, std::shared_ptr<const big_shared> shared, std::uint32_t index)
    : lean_actor(cfg),
      shared_(std::move(shared)),
      index_(index),
      picker_(shared_->params.seed, index, static_cast<std::uint32_t>(shared_->params.actors)),
      sealer_(shared_->keys, index),
      opener_(shared_->keys, shared_->params.actors) {}

 protected:
  void on_message(caf::mailbox_element& e) override {
    auto& content = e.content();
    if (holds<big_ping>(content)) {
      const auto& m = content.get_as<big_ping>(0);
      on_ping(m.seq, m.payload);
    } else if (holds<big_pong>(content)) {
      const auto& m = content.get_as<big_pong>(0);
      on_pong(m.seq, m.payload);
    } else if (content.match_elements<big_start_atom>()) {
      ping();
    }
  }

  // The actors hold each other's handles (through `shared_`): let go of
  // them on exit, or none would ever be destroyed; the sealer and opener
  // report their counts now, while the run's keys live.
  void on_exit() override {
    shared_.reset();
    sealer_ = message_sealer{};
    opener_ = message_opener{};
  }

 private:
  void ping() {
    peer_ = picker_.next();
    ++seq_;
    auto out = seal();
    // Actor 0 forges its first ping that is not its first message (a
    // counter moved back from 0 would be no replay).
    if (shared_->params.fault == suite_fault::forge && index_ == 0 && out.counter >= 1
        && !forged_) {
      forge(out);
      forged_ = true;
    }
    const auto& to = shared_->peers[peer_];
    if (shared_->params.fault == suite_fault::replay && index_ == 0 && seq_ == 2)
      post_to(to, big_ping{seq_, out});
    post_to(to, big_ping{seq_, std::move(out)});
  }

  // Every ping is answered, verified or not (the opener counts what did not
  // verify), so the pinger's wait always ends.
  void on_ping(std::uint64_t seq, const sealed_payload& p) {
    opener_.open(p);
    if (p.sender >= shared_->peers.size()) {
      ++mismatches_;
      return;
    }
    post_to(shared_->peers[p.sender], big_pong{seq, seal()});
  }

  // A pong counts only as the answer to the ping outstanding: from that
  // peer, with that sequence number.
  void on_pong(std::uint64_t seq, const sealed_payload& p) {
    opener_.open(p);
    if (p.sender != peer_ || seq != seq_ || pongs_ == shared_->params.pings) {
      ++mismatches_;
      return;
    }
    if (++pongs_ < shared_->params.pings) {
      ping();
      return;
    }
    auto reported = pongs_;
    if (shared_->params.fault == suite_fault::miscount && index_ == 0)
      ++reported;
    send_to(shared_->sink, big_report_atom::value, index_, reported, mismatches_);
  }

  sealed_payload seal() {
    auto sealed = sealer_.seal();
    // A payload that could not be sealed goes on empty: its receiver counts
    // it as forged.
    return sealed ? std::move(*sealed) : sealed_payload{index_, 0, {}};
  }

  std::shared_ptr<const big_shared> shared_;
  std::uint32_t index_;
  peer_picker picker_;
  message_sealer sealer_;
  message_opener opener_;
  std::uint32_t peer_ = 0;
  std::uint64_t seq_ = 0;
  std::uint64_t pongs_ = 0;
  std::uint64_t mismatches_ = 0;
  bool forged_ = false;
};

struct big_sink_state {
  std::shared_ptr<big_outcome> outcome;
  std::vector<bool> reported;
  std::uint64_t reports = 0;
  big_tally tally;
};

using big_sink_actor = caf::stateful_actor<big_sink_state>;

// Each actor's report once; with all W in, the run's result goes to main.
caf::behavior big_sink(big_sink_actor* self, big_params params, std::shared_ptr<big_outcome> outcome) {
  self->state.outcome = std::move(outcome);
  self->state.reported.assign(params.actors, false);
  return {
    [self, params](big_report_atom, std::uint32_t index, std::uint64_t pongs, std::uint64_t bad) {
      auto& st = self->state;
      st.tally.mismatches += bad;
      if (index >= st.reported.size() || st.reported[index]) {
        ++st.tally.mismatches;
        return;
      }
      st.reported[index] = true;
      if (pongs != params.pings)
        ++st.tally.mismatches;
      // A pong answers a ping: two messages each.
      st.tally.messages += 2 * pongs;
      st.outcome->reports = ++st.reports;
      if (st.reports < params.actors)
        return;
      st.outcome->done.set_value(st.tally);
      self->quit();
    },
  };
}

} // namespace

peer_picker::peer_picker(std::uint64_t seed, std::uint32_t index, std::uint32_t actors) noexcept
  : state_(seed ^ (0x9e3779b97f4a7c15ull * (std::uint64_t{index} + 1))),
    index_(index),
    others_(actors - 1) {}

std::uint32_t peer_picker::next() noexcept {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  // Lemire's multiply-shift maps 32 random bits onto the others without a
  // division; skipping the actor itself keeps it uniform over the rest.
  auto pick = static_cast<std::uint32_t>(((z >> 32) * std::uint64_t{others_}) >> 32);
  return pick >= index_ ? pick + 1 : pick;
}

result<void> check_big_params(const big_params& p) {
  if (p.actors < 2 || p.actors > (std::uint64_t{1} << 31))
    return error{errc::bad_parameter, "big needs 2 to 2^31 actors"};
  if (p.pings < 1)
    return error{errc::bad_parameter, "big needs at least one ping per actor"};
  return {};
}

result<big_sample> run_big(caf::actor_system& system, const seal_keys& keys,
                           const big_params& params) {
  if (auto ok = check_big_params(params); !ok)
    return ok.err();
  auto outcome = std::make_shared<big_outcome>();
  auto finished = outcome->done.get_future();
  auto shared = std::make_shared<big_shared>();
  shared->params = params;
  shared->keys = &keys;
  const auto start = std::chrono::steady_clock::now();
  shared->sink = system.spawn(big_sink, params, outcome);
  shared->peers.reserve(params.actors);
  for (std::uint64_t i = 0; i < params.actors; ++i)
    shared->peers.push_back(system.spawn<big_actor>(shared, static_cast<std::uint32_t>(i)));
  for (auto& a : shared->peers)
    caf::anon_send(a, big_start_atom::value);
  const bool in_time = finished.wait_for(params.timeout) == std::future_status::ready;
  const auto end = std::chrono::steady_clock::now();
  // The actors answer pings until the end; nothing else ends them. Their
  // handles go with `shared`, the last reference of which an actor may hold.
  for (auto& a : shared->peers)
    caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
  caf::anon_send_exit(shared->sink, caf::exit_reason::user_shutdown);
  if (!in_time)
    return error{errc::timeout, "big: " + std::to_string(outcome->reports.load()) + " of "
                                  + std::to_string(params.actors) + " actors reported after "
                                  + std::to_string(params.timeout.count()) + " ms"};
  auto tally = finished.get();
  big_sample sample;
  sample.elapsed_s = std::chrono::duration<double>(end - start).count();
  sample.messages = tally.messages;
  sample.mismatches = tally.mismatches;
  return sample;
}

} // namespace actorbench::actors
