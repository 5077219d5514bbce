#include "bench/scenarios/fanout/fanout_session.hpp"

#include <optional>
#include <tuple>
#include <utility>

#include "bench/scenarios/fanout/fanout.hpp"
#include "actors/remote/remote_node.hpp"
#include "actors/remote/remote_runtime.hpp"
#include "bench/scenarios/shared/cipher_choice.hpp"
#include "bench/scenarios/fanout/fanout_record.hpp"
#include "bench/scenarios/shared/fanout_settings.hpp"
#include "crypto/bytes.hpp"
#include "bench/scenarios/fanout/fanout_messages.hpp"

namespace actorbench::bench {

namespace {

// A plain actor system, or a networked one with its connections to the
// worker nodes (declared last: released before the system).
struct actor_system_holder {
  std::unique_ptr<actors::runtime> local;
  std::unique_ptr<actors::remote_runtime> networked;
  std::vector<actors::remote_node> nodes;

  caf::actor_system& system() { return local ? local->system() : networked->system(); }
  std::size_t threads() const { return local ? local->threads() : networked->threads(); }
};

using scheduler_key = std::tuple<std::size_t, std::string, std::vector<int>, bool>;

// What one configuration's runs need, resolved before the first; the
// system and its nodes are set when the configuration's system is live.
struct prepared {
  actors::fanout_params params;
  bool ready = false;
};

class fanout_session : public scenario_session {
 public:
  result<void> prepare(std::vector<configuration>& plan);

  result<void> before_run(const configuration& c) override;

  result<run_record> run(run_context& ctx) override;

  by_name<fact> facts(const configuration& c) const override {
    if (c.index >= jobs_.size())
      return {};
    const auto& p = jobs_[c.index].params.data;
    return {{"plaintext", p.plaintext},
            {"key_hex", crypto::to_hex(p.key)},
            {"nonce_hex", crypto::to_hex(p.nonce)},
            {"ciphertext_hex", crypto::to_hex(p.ciphertext)}};
  }

  double cost_hint(const configuration& c) const override {
    return static_cast<double>(c.integer("procs"));
  }

 private:
  result<actor_system_holder*> system_for(const configuration& c);

  // Tears the live system down (its nodes first).
  void release() {
    live_key_.reset();
    live_.nodes.clear();
    live_.networked.reset();
    live_.local.reset();
  }

  // One actor system is live at a time: an idle system's workers poll
  // (CAF's moderate phase wakes every 50 us for ~25 ms after its last job),
  // which took CPU from the other system's runs when both stayed alive.
  std::optional<scheduler_key> live_key_;
  actor_system_holder live_;
  std::vector<prepared> jobs_;
};

result<actor_system_holder*> fanout_session::system_for(const configuration& c) {
  auto scheduler = scheduler_of(c);
  if (!scheduler)
    return scheduler.err();
  const auto& s = *scheduler;
  scheduler_key key{s.threads, s.policy, s.cpus, s.lean_clock};
  if (live_key_ == key)
    return &live_;
  release();
  auto& holder = live_;
  auto nodes = worker_nodes(c);
  auto tls = tls_of(c);
  if (!nodes || !tls)
    return nodes ? tls.err() : nodes.err();
  if (nodes->empty()) {
    holder.local = std::make_unique<actors::runtime>(s);
    live_key_ = key;
    return &holder;
  }
  actors::remote_settings settings;
  settings.scheduler = s;
  settings.tls = *tls;
  settings.add_message_types = actors::add_fanout_message_types;
  auto rt = actors::remote_runtime::create(settings);
  if (!rt)
    return runtime_failure(rt.err());
  holder.networked = std::move(*rt);
  for (const auto& n : *nodes) {
    auto node = actors::connect_node(*holder.networked, n.host, n.port, connect_timeout(c));
    if (!node)
      return runtime_failure(node.err());
    holder.nodes.push_back(std::move(*node));
  }
  live_key_ = key;
  return &holder;
}

// The back-end and cipher of a configuration; with crypto off the payload
// still documents one: the first crypto-on configuration's, else openssl's
// default (a run with crypto off documents the same).
result<cipher_choice> cipher_of(const configuration& c, const std::vector<configuration>& plan) {
  const configuration* source = &c;
  if (c.word("crypto") != "on")
    for (const auto& other : plan)
      if (other.word("crypto") == "on") {
        source = &other;
        break;
      }
  auto on = source->word("crypto") == "on";
  auto pairs = choose_ciphers(on ? source->word("backend") : "", on ? source->word("cipher") : "");
  if (!pairs)
    return pairs.err();
  return pairs->front();
}

result<void> fanout_session::prepare(std::vector<configuration>& plan) {
  jobs_.resize(plan.size());
  for (auto& c : plan) {
    auto holder = system_for(c);
    if (!holder)
      return holder.err();
    c.values["threads"] = static_cast<std::int64_t>((*holder)->threads());
    auto pair = cipher_of(c, plan);
    if (!pair)
      return pair.err();
    // The payload is made even with crypto off, so every result documents it.
    auto data = actors::make_payload(*pair->first, *pair->second);
    if (!data)
      return runtime_failure(data.err(), "cannot prepare the payload");
    auto& p = jobs_.at(c.index);
    p.params.procs = static_cast<std::size_t>(c.integer("procs"));
    p.params.crypto = c.word("crypto") == "on";
    p.params.backend = pair->first;
    p.params.cipher = pair->second;
    p.params.data = std::move(*data);
    p.params.spawn = *actors::parse_spawn_strategy(c.word("spawn"));
    if (p.params.crypto)
      p.params.context = *actors::parse_context_strategy(c.word("context"));
    p.params.timeout = run_timeout(c);
    p.ready = true;
  }
  // No system idles while nothing runs (with --isolate process the runs are
  // made by child processes); the first run starts its own.
  release();
  return {};
}

result<void> fanout_session::before_run(const configuration& c) {
  if (c.index >= jobs_.size() || !jobs_[c.index].ready)
    return runtime_failure("fan-out configuration " + std::to_string(c.index + 1)
                           + " was not prepared");
  auto holder = system_for(c);
  if (!holder)
    return holder.err();
  return {};
}

result<run_record> fanout_session::run(run_context& ctx) {
  const auto& c = ctx.config();
  auto holder = system_for(c);
  if (!holder)
    return holder.err();
  run_record out;
  // A run cannot be cut short once spawning began: a stop only skips it.
  if (ctx.stop().load()) {
    out.partial = true;
    return out;
  }
  auto& job = jobs_[c.index];
  job.params.nodes = (*holder)->nodes;
  ctx.progress(0);
  auto sample = actors::run_fanout((*holder)->system(), job.params);
  if (!sample)
    return runtime_failure(sample.err(), (ctx.warmup() ? "warm-up run " : "run ")
                                           + std::to_string(ctx.run_index() + 1) + " of "
                                           + std::to_string(job.params.procs) + " actors failed");
  ctx.progress(1);
  return to_run_record(*sample, job.params.procs);
}

} // namespace

result<std::unique_ptr<scenario_session>> start_fanout_session(std::vector<configuration>& plan) {
  auto session = std::make_unique<fanout_session>();
  if (auto ok = session->prepare(plan); !ok)
    return ok.err();
  return std::unique_ptr<scenario_session>{std::move(session)};
}

} // namespace actorbench::bench
