#include "bench/scenarios/ring/ring.hpp"

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

/// Main to the sink, once: (ring_actors_atom, std::vector<caf::actor>).
using ring_actors_atom = caf::atom_constant<caf::atom("ractors")>;
/// Main to each ring actor, once: (ring_next_atom, caf::actor successor).
using ring_next_atom = caf::atom_constant<caf::atom("rnext")>;
/// The actor a token reached 0 at, to the sink: (ring_done_atom, token).
using ring_done_atom = caf::atom_constant<caf::atom("rdone")>;
/// Sink to each ring actor, when every token is done.
using ring_collect_atom = caf::atom_constant<caf::atom("rcollect")>;
/// Each ring actor to the sink: (ring_count_atom, index, hops, mismatches).
using ring_count_atom = caf::atom_constant<caf::atom("rcount")>;

/// A hop: one token with the hops it has left and its sealed payload. One
/// element of one custom type: CAF 0.17 matches a message element by element
/// (some 50 instructions each), so one struct beats four integers.
struct ring_hop {
  std::uint32_t token = 0;
  std::uint64_t left = 0;
  sealed_payload payload;
};

/// Lets CAF 0.17 carry hops in messages.
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, ring_hop& x) {
  return f(caf::meta::type_name("actorbench.ring_hop"), x.token, x.left, x.payload);
}

/// What every actor of one run reads: the sizes, each token's plan and
/// where it must end, the keys.
struct ring_shared {
  ring_params params;
  std::vector<ring_token_plan> plans;
  /// Per token: the actor it ends at, (first_actor + hops) mod actors.
  std::vector<std::uint64_t> ends;
  const seal_keys* keys = nullptr;
  /// Sealer id of main, which hands each token to its first actor; the
  /// ring actors' ids are their indices.
  std::uint32_t injector = 0;
};

/// What the sink found, handed to main once.
struct ring_tally {
  std::uint64_t hops = 0;
  std::uint64_t mismatches = 0;
};

/// What main waits for; shared, because after a timeout the sink may still
/// touch it when run_ring has returned.
struct ring_outcome {
  std::promise<ring_tally> done;
  std::atomic<std::uint64_t> tokens_done{0};
  std::atomic<std::uint64_t> counts_in{0};
};

// An actor hears from its predecessor and from main (id N): a flat table of
// N + 1 counters is faster than a hash map, but N of them cost N^2 memory.
std::size_t dense_senders(std::uint64_t actors) {
  return actors <= 1024 ? static_cast<std::size_t>(actors) + 1 : 0;
}

class ring_actor : public lean_actor {
 public:
  ring_actor(caf::actor_config& cfg, std::shared_ptr<const ring_shared> shared, std::uint32_t index,
             caf::actor sink)
    : lean_actor(cfg),
      shared_(std::move(shared)),
      index_(index),
      pred_(
        static_cast<std::uint32_t>((index + shared_->params.actors - 1) % shared_->params.actors)),
      sink_(std::move(sink)),
      sealer_(shared_->keys, index),
      opener_(shared_->keys, dense_senders(shared_->params.actors)) {}

 protected:
  // Hops come first: they are nearly every message.
  void on_message(caf::mailbox_element& e) override {
    auto& content = e.content();
    if (holds<ring_hop>(content)) {
      const auto& hop = content.get_as<ring_hop>(0);
      on_token(hop.token, hop.left, hop.payload);
    } else if (content.match_elements<ring_next_atom, caf::actor>()) {
      next_ = content.get_as<caf::actor>(1);
    } else if (content.match_elements<ring_collect_atom>()) {
      auto reported = hops_;
      if (shared_->params.fault == suite_fault::miscount && index_ == 0)
        ++reported;
      send_to(sink_, ring_count_atom::value, index_, reported, mismatches_);
    }
  }

  // Each actor holds its successor's handle and the sink's, the sink all of
  // theirs: let go of them on exit, or none would ever be destroyed; the
  // sealer and opener report their counts now, while the run's keys live.
  void on_exit() override {
    next_ = nullptr;
    sink_ = nullptr;
    sealer_ = message_sealer{};
    opener_ = message_opener{};
  }

 private:
  void on_token(std::uint32_t token, std::uint64_t left, const sealed_payload& p) {
    // The verdict is counted by the opener (the suite's forged and
    // replayed checks); the token goes on either way, so the run ends.
    opener_.open(p);
    const auto& s = *shared_;
    if (p.sender != pred_ && p.sender != s.injector)
      ++mismatches_;
    if (token >= s.ends.size() || (index_ + left) % s.params.actors != s.ends[token])
      ++mismatches_;
    if (left == 0) {
      send_to(sink_, ring_done_atom::value, token);
      return;
    }
    ++hops_;
    pass_on(token, left - 1);
  }

  void pass_on(std::uint32_t token, std::uint64_t left) {
    auto sealed = sealer_.seal();
    // A payload that could not be sealed goes on empty: its receiver counts
    // it as forged.
    sealed_payload out = sealed ? std::move(*sealed) : sealed_payload{index_, 0, {}};
    const auto fault = shared_->params.fault;
    if (fault == suite_fault::forge && index_ == 0 && out.counter == 1)
      forge(out);
    if (fault == suite_fault::replay && token == 0 && left == 0)
      post_to(next_, ring_hop{token, left, out});
    post_to(next_, ring_hop{token, left, std::move(out)});
  }

  std::shared_ptr<const ring_shared> shared_;
  std::uint32_t index_;
  std::uint32_t pred_;
  caf::actor sink_;
  caf::actor next_;
  message_sealer sealer_;
  message_opener opener_;
  std::uint64_t hops_ = 0;
  std::uint64_t mismatches_ = 0;
};

/// Each actor's hops when all is right: every token passes through every
/// actor hops/N times, and once more through the hops mod N actors from its
/// first one on (a cyclic range, added up with a difference array).
std::vector<std::uint64_t> expected_hops(const ring_shared& s) {
  const auto n = s.params.actors;
  std::vector<std::uint64_t> out(n, 0);
  std::vector<std::int64_t> diff(n + 1, 0);
  std::uint64_t all = 0;
  for (const auto& t : s.plans) {
    all += t.hops / n;
    const auto extra = t.hops % n;
    const auto first = t.first_actor;
    const auto last = first + extra; // one past, may wrap
    diff[first] += 1;
    if (last <= n) {
      diff[last] -= 1;
    } else {
      diff[n] -= 1;
      diff[0] += 1;
      diff[last - n] -= 1;
    }
  }
  std::int64_t run = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    run += diff[i];
    out[i] = all + static_cast<std::uint64_t>(run);
  }
  return out;
}

struct ring_sink_state {
  std::shared_ptr<const ring_shared> shared;
  std::shared_ptr<ring_outcome> outcome;
  std::vector<caf::actor> ring;
  std::vector<bool> token_done;
  std::vector<bool> counted;
  std::vector<std::uint64_t> counts;
  std::uint64_t tokens_done = 0;
  std::uint64_t counts_in = 0;
  ring_tally tally;
};

using ring_sink_actor = caf::stateful_actor<ring_sink_state>;

// Every actor's count, once each; with all in, each against what its
// share of the tokens' plans makes it, and their sum against R.
void on_count(ring_sink_actor* self, std::uint32_t index, std::uint64_t hops, std::uint64_t bad) {
  auto& st = self->state;
  st.tally.mismatches += bad;
  if (index >= st.counted.size() || st.counted[index]) {
    ++st.tally.mismatches;
    return;
  }
  st.counted[index] = true;
  st.counts[index] = hops;
  st.tally.hops += hops;
  st.outcome->counts_in = ++st.counts_in;
  if (st.counts_in < st.counts.size())
    return;
  auto expected = expected_hops(*st.shared);
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (st.counts[i] != expected[i])
      ++st.tally.mismatches;
  if (st.tally.hops != st.shared->params.hops)
    ++st.tally.mismatches;
  st.outcome->done.set_value(st.tally);
  self->quit();
}

caf::behavior ring_sink(ring_sink_actor* self, std::shared_ptr<const ring_shared> shared,
                        std::shared_ptr<ring_outcome> outcome) {
  self->state.shared = shared;
  self->state.outcome = std::move(outcome);
  self->state.token_done.assign(shared->plans.size(), false);
  self->state.counted.assign(shared->params.actors, false);
  self->state.counts.assign(shared->params.actors, 0);
  return {
    [self](ring_actors_atom, std::vector<caf::actor>& ring) { self->state.ring = std::move(ring); },
    [self](ring_done_atom, std::uint32_t token) {
      auto& st = self->state;
      if (token >= st.token_done.size() || st.token_done[token]) {
        ++st.tally.mismatches;
        return;
      }
      st.token_done[token] = true;
      st.outcome->tokens_done = ++st.tokens_done;
      if (st.tokens_done == st.token_done.size())
        for (auto& a : st.ring)
          self->send(a, ring_collect_atom::value);
    },
    [self](ring_count_atom, std::uint32_t index, std::uint64_t hops, std::uint64_t bad) {
      on_count(self, index, hops, bad);
    },
  };
}

std::shared_ptr<const ring_shared> share(const seal_keys& keys, const ring_params& params) {
  auto s = std::make_shared<ring_shared>();
  s->params = params;
  s->keys = &keys;
  s->injector = static_cast<std::uint32_t>(params.actors);
  for (std::uint64_t k = 0; k < params.tokens; ++k) {
    s->plans.push_back(plan_token(params, k));
    s->ends.push_back((s->plans.back().first_actor + s->plans.back().hops) % params.actors);
  }
  return s;
}

// Hands every token to its first actor, sealed by main as sender `injector`.
result<void> inject_tokens(const ring_shared& s, const std::vector<caf::actor>& ring) {
  message_sealer injector{s.keys, s.injector};
  for (std::uint32_t k = 0; k < s.plans.size(); ++k) {
    auto sealed = injector.seal();
    if (!sealed)
      return sealed.err();
    caf::anon_send(ring[s.plans[k].first_actor], ring_hop{k, s.plans[k].hops, std::move(*sealed)});
  }
  return {};
}

std::string missing(const ring_params& p, const ring_outcome& o) {
  return "ring: " + std::to_string(o.tokens_done.load()) + " of " + std::to_string(p.tokens)
         + " tokens done and " + std::to_string(o.counts_in.load()) + " of "
         + std::to_string(p.actors) + " actors' counts in after "
         + std::to_string(p.timeout.count()) + " ms";
}

} // namespace

ring_token_plan plan_token(const ring_params& p, std::uint64_t k) noexcept {
  ring_token_plan t;
  t.first_actor = k * p.actors / p.tokens;
  t.hops = p.hops / p.tokens + (k < p.hops % p.tokens ? 1 : 0);
  return t;
}

result<void> check_ring_params(const ring_params& p) {
  if (p.actors < 2 || p.actors > (std::uint64_t{1} << 31))
    return error{errc::bad_parameter, "a ring needs 2 to 2^31 actors"};
  if (p.tokens < 1 || p.tokens > p.actors || p.tokens > p.hops)
    return error{errc::bad_parameter, "tokens must be 1 to min(actors, hops)"};
  return {};
}

} // namespace actorbench::actors

namespace actorbench::actors {

result<ring_sample> run_ring(caf::actor_system& system, const seal_keys& keys,
                             const ring_params& params) {
  if (auto ok = check_ring_params(params); !ok)
    return ok.err();
  auto shared = share(keys, params);
  auto outcome = std::make_shared<ring_outcome>();
  auto finished = outcome->done.get_future();
  const auto n = params.actors;
  const auto start = std::chrono::steady_clock::now();
  auto sink = system.spawn(ring_sink, shared, outcome);
  std::vector<caf::actor> ring;
  ring.reserve(n);
  for (std::uint64_t i = 0; i < n; ++i)
    ring.push_back(system.spawn<ring_actor>(shared, static_cast<std::uint32_t>(i), sink));
  for (std::uint64_t i = 0; i < n; ++i)
    caf::anon_send(ring[i], ring_next_atom::value, ring[(i + 1) % n]);
  caf::anon_send(sink, ring_actors_atom::value, ring);
  auto injected = inject_tokens(*shared, ring);
  const bool in_time = injected && finished.wait_for(params.timeout) == std::future_status::ready;
  const auto end = std::chrono::steady_clock::now();
  // The ring actors live on after the last check (nothing else ends them).
  for (auto& a : ring)
    caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
  caf::anon_send_exit(sink, caf::exit_reason::user_shutdown);
  if (!injected)
    return injected.err();
  if (!in_time)
    return error{errc::timeout, missing(params, *outcome)};
  auto tally = finished.get();
  ring_sample sample;
  sample.elapsed_s = std::chrono::duration<double>(end - start).count();
  sample.hops = tally.hops;
  sample.mismatches = tally.mismatches;
  return sample;
}

} // namespace actorbench::actors
