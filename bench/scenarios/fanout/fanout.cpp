#include "bench/scenarios/fanout/fanout.hpp"

#include <algorithm>
#include <future>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>

#include <caf/exit_reason.hpp>
#include <caf/scoped_actor.hpp>
#include <caf/send.hpp>

#include "bench/scenarios/fanout/sender.hpp"
#include "bench/scenarios/fanout/spawner.hpp"
#include "actors/remote/peer_text.hpp"
#include "bench/scenarios/fanout/fanout_messages.hpp"
#include "actors/runtime/countdown_latch.hpp"
#include "bench/scenarios/shared/timed_actor_run.hpp"

namespace actorbench::actors {

namespace {

double seconds_between(std::chrono::steady_clock::time_point from,
                       std::chrono::steady_clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

std::string seconds_text(std::chrono::milliseconds ms) {
  return std::to_string(ms.count() / 1000.0).substr(0, 5) + " s";
}

// This node first, then each worker node: shares of `procs` as even as
// possible, in consecutive ids.
std::vector<reply_source> split_among_nodes(std::size_t procs,
                                            const std::vector<remote_node>& nodes) {
  std::vector<reply_source> sources{{"local", 0, {}, 0, {}}};
  for (const auto& n : nodes)
    sources.push_back({n.name, 0, n.spawner, 0, {}});
  for (std::size_t i = 0, first = 0; i < sources.size(); first += sources[i++].expected) {
    sources[i].expected = procs / sources.size() + (i < procs % sources.size() ? 1 : 0);
    sources[i].first = first;
  }
  return sources;
}

crypto::bytes random_bytes(std::size_t n) {
  static thread_local std::random_device device;
  crypto::bytes out(n);
  for (auto& b : out)
    b = static_cast<std::uint8_t>(device());
  return out;
}

// What a worker node's share decrypts with crypto on: a fresh random
// plaintext of the run's length under a fresh nonce, so that only a node
// that decrypts can return it, and no earlier run's answer fits.
result<payload> fresh_payload(const fanout_params& params, crypto::cipher_context& ctx) {
  payload p;
  auto text = random_bytes(params.data.plaintext.size());
  p.plaintext.assign(text.begin(), text.end());
  p.key = params.data.key;
  p.nonce = random_bytes(params.cipher->nonce_size);
  p.ciphertext.resize(text.size() + params.cipher->overhead);
  auto written = ctx.encrypt(p.nonce, text, p.ciphertext.data());
  if (!written)
    return error{errc::crypto_failure, written.err().detail};
  p.ciphertext.resize(*written);
  return p;
}

// "; short: local 10 of 15000, node 127.0.0.1:4242 0 of 15000": the
// sources whose shares were not all in when a run timed out.
std::string shortfall(const std::vector<reply_source>& sources, const collector_outcome& outcome) {
  if (sources.size() == 1)
    return {}; // no worker nodes: the count says it all
  std::size_t remote = 0;
  for (std::size_t i = 1; i < sources.size(); ++i)
    remote += outcome.node_replies[i].load(std::memory_order_relaxed);
  auto received = outcome.received.load(std::memory_order_relaxed);
  std::string out;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    auto got = i == 0 ? received - std::min(received, remote)
                      : outcome.node_replies[i].load(std::memory_order_relaxed);
    if (got >= sources[i].expected)
      continue;
    out += (out.empty() ? "; short: " : ", ") + (i == 0 ? "local" : "node " + sources[i].name) + " "
           + std::to_string(got) + " of " + std::to_string(sources[i].expected);
  }
  return out;
}

// The request for a worker node's share. With crypto on it carries no
// plaintext: the node has to decrypt to answer.
remote_spawn_request make_request(const fanout_params& params, const payload& data,
                                  const caf::actor& collector) {
  remote_spawn_request req;
  req.collector = collector;
  req.crypto = params.crypto;
  if (params.crypto) {
    req.backend = std::string{params.backend->name()};
    req.cipher = params.cipher->name;
  }
  req.context = params.context;
  req.spawn = params.spawn;
  if (!params.crypto)
    req.plaintext = data.plaintext;
  req.key = data.key;
  req.nonce = data.nonce;
  req.ciphertext = data.ciphertext;
  return req;
}

std::optional<error> check_params(const fanout_params& params) {
  if (params.procs == 0 || params.procs > std::numeric_limits<std::uint32_t>::max())
    return error{errc::bad_parameter,
                 "procs " + std::to_string(params.procs) + " outside 1.."
                   + std::to_string(std::numeric_limits<std::uint32_t>::max())};
  if (params.procs <= params.nodes.size())
    return error{errc::bad_parameter, "procs " + std::to_string(params.procs) + " cannot give "
                                        + std::to_string(params.nodes.size() + 1)
                                        + " nodes a sender each"};
  if (params.crypto && (params.backend == nullptr || params.cipher == nullptr))
    return error{errc::bad_parameter, "crypto on needs a back-end and a cipher"};
  return std::nullopt;
}

// A context keyed with the run's key; none with crypto off.
result<std::unique_ptr<crypto::cipher_context>> keyed_context(const fanout_params& params) {
  if (!params.crypto)
    return std::unique_ptr<crypto::cipher_context>{};
  auto ctx = params.backend->make_context(params.cipher->name, params.data.key);
  if (!ctx)
    return error{errc::crypto_failure, ctx.err().detail};
  return std::move(*ctx);
}

// Each worker node's payload, in the order of `sources` after this node's;
// notes each one's plaintext in its source.
result<std::vector<payload>> node_payloads(const fanout_params& params,
                                           std::vector<reply_source>& sources) {
  std::vector<payload> node_data;
  if (params.nodes.empty())
    return node_data;
  auto sealer = keyed_context(params);
  if (!sealer)
    return sealer.err();
  for (std::size_t i = 1; i < sources.size(); ++i) {
    auto data = params.data;
    if (params.crypto) {
      auto fresh = fresh_payload(params, **sealer);
      if (!fresh)
        return fresh.err();
      data = std::move(*fresh);
    }
    sources[i].plaintext = data.plaintext;
    node_data.push_back(std::move(data));
  }
  return node_data;
}

std::vector<remote_spawn_request> node_requests(const fanout_params& params,
                                                const std::vector<reply_source>& sources,
                                                const std::vector<payload>& node_data,
                                                const caf::actor& collector) {
  std::vector<remote_spawn_request> requests;
  for (std::size_t i = 1; i < sources.size(); ++i) {
    requests.push_back(make_request(params, node_data[i - 1], collector));
    requests.back().source = static_cast<std::uint32_t>(i);
    requests.back().first = static_cast<std::uint32_t>(sources[i].first);
    requests.back().count = static_cast<std::uint32_t>(sources[i].expected);
  }
  return requests;
}

// Reads a worker node's answer to its request: it must have destroyed its
// whole share.
template <class Answer>
std::optional<error> read_node_answer(caf::actor_system& system, Answer& answer,
                                      const reply_source& source) {
  std::optional<error> failed;
  answer.receive(
    [&](const remote_spawn_done& done) {
      if (done.destroyed != source.expected)
        failed = error{errc::node_failure, "node " + source.name + " destroyed "
                                             + std::to_string(done.destroyed) + " of "
                                             + std::to_string(source.expected) + " senders"};
    },
    [&](const caf::error& err) {
      failed = error{errc::node_failure, "node " + source.name + " did not finish its share: "
                                           + peer_text(system.render(err))};
    });
  return failed;
}

// This node's times, and with worker nodes each node's share's.
std::optional<error> add_times(fanout_sample& sample, const std::vector<reply_source>& sources,
                               std::chrono::steady_clock::time_point start, const sender_job& job) {
  sample.spawn_s = seconds_between(start, job.spawned.reached_at());
  sample.replies_s = seconds_between(start, sample.report.done_at);
  sample.teardown_s = seconds_between(start, job.destroyed.reached_at());
  if (sources.size() == 1)
    return std::nullopt;
  sample.nodes.insert(sample.nodes.begin(),
                      {"local", sources[0].expected, 0, 0, sample.teardown_s});
  for (std::size_t i = 0; i < sample.nodes.size(); ++i) {
    const auto& tally = sample.report.sources[i];
    // The collector ends only once every share is in, after the start.
    if (tally.replies != sources[i].expected || tally.done_at < start)
      return error{errc::node_failure, "the collector's count for " + sources[i].name + " ("
                                         + std::to_string(tally.replies) + " of "
                                         + std::to_string(sources[i].expected)
                                         + ") has no valid time"};
    sample.nodes[i].replies = tally.replies;
    sample.nodes[i].replies_s = seconds_between(start, tally.done_at);
    sample.teardown_s = std::max(sample.teardown_s, sample.nodes[i].teardown_s);
  }
  return std::nullopt;
}

using clock_type = std::chrono::steady_clock;
using node_answer = decltype(std::declval<caf::scoped_actor&>()->request(
  std::declval<caf::actor>(), std::chrono::milliseconds{}, remote_spawn_request{}));

// What one run's steps share. Shared state lives in shared_ptrs: after a
// timeout, stragglers may still touch it when run_fanout has returned.
struct fanout_state {
  fanout_state(caf::actor_system& system, const fanout_params& params)
    : system(system), params(params), sources(split_among_nodes(params.procs, params.nodes)) {}

  caf::actor_system& system;
  const fanout_params& params;
  std::vector<reply_source> sources;
  std::shared_ptr<collector_outcome> outcome;
  std::future<result<collector_report>> report;
  caf::actor collector;
  std::shared_ptr<const sender_job> job;
  std::vector<remote_spawn_request> requests;
  // Only runs with worker nodes need a scoped actor, to await their answers.
  std::unique_ptr<caf::scoped_actor> self;
  std::vector<node_answer> answers;
  fanout_sample sample;
};

// Everything but the senders' replies is in: the collector's report, the
// spawner's count and each worker node's answer.
std::optional<error> settle(fanout_state& r, clock_type::time_point start) {
  auto collected = r.report.get();
  if (!collected)
    return collected.err();
  r.sample.report = std::move(*collected);
  // Replies can overtake the spawner's count of what it spawned.
  if (!r.job->spawned.wait_for(r.params.timeout))
    return error{errc::timeout, "spawning did not finish within " + seconds_text(r.params.timeout)};
  for (std::size_t i = 1; i < r.sources.size(); ++i) {
    if (auto failed = read_node_answer(r.system, r.answers[i - 1], r.sources[i]))
      return failed;
    r.sample.nodes.push_back(
      {r.sources[i].name, r.sources[i].expected, 0, 0, seconds_between(start, clock_type::now())});
  }
  return std::nullopt;
}

timed_actor_steps fanout_steps(fanout_state& r) {
  const auto& params = r.params;
  const auto local = r.sources[0].expected;
  timed_actor_steps steps;
  steps.start = [&r, local] {
    // Worker nodes first: their shares travel while this node spawns its own.
    for (std::size_t i = 1; i < r.sources.size(); ++i)
      r.answers.push_back(
        (*r.self)->request(r.params.nodes[i - 1].spawner, 2 * r.params.timeout, r.requests[i - 1]));
    spawn_senders(r.system, r.job, 0, local, r.params.spawn);
  };
  steps.limit = params.timeout;
  steps.wait_done = [&r](clock_type::time_point until) {
    return r.report.wait_until(until) == std::future_status::ready;
  };
  steps.missing = [&r] {
    return "collector received " + std::to_string(r.outcome->received.load()) + " of "
           + std::to_string(r.params.procs) + " replies within " + seconds_text(r.params.timeout)
           + shortfall(r.sources, *r.outcome);
  };
  steps.stop = [&r](bool done) {
    if (!done)
      caf::anon_send_exit(r.collector, caf::exit_reason::kill);
  };
  steps.settle = [&r](clock_type::time_point start) { return settle(r, start); };
  steps.wait_gone = [&r](clock_type::time_point until) {
    return r.job->destroyed.wait_until(until);
  };
  steps.teardown_limit = params.timeout;
  steps.alive = [&r, local] {
    return std::to_string(r.job->destroyed.remaining()) + " of " + std::to_string(local)
           + " senders still alive after " + seconds_text(r.params.timeout);
  };
  return steps;
}

} // namespace

result<fanout_sample> run_fanout(caf::actor_system& system, const fanout_params& params) {
  if (auto bad = check_params(params))
    return *bad;
  auto prototype = keyed_context(params);
  if (!prototype)
    return prototype.err();
  fanout_state r{system, params};
  auto node_data = node_payloads(params, r.sources);
  if (!node_data)
    return node_data.err();
  r.outcome = std::make_shared<collector_outcome>();
  r.report = r.outcome->report.get_future();
  r.collector = spawn_collector(system, r.sources, params.data.plaintext, r.outcome);
  r.job =
    std::make_shared<const sender_job>(r.collector, params.backend, params.cipher, params.context,
                                       std::move(*prototype), params.data, r.sources[0].expected);
  r.requests = node_requests(params, r.sources, *node_data, r.collector);
  if (!params.nodes.empty())
    r.self = std::make_unique<caf::scoped_actor>(system);
  auto run = run_timed(fanout_steps(r));
  if (run.failure)
    return *run.failure;
  if (auto bad = add_times(r.sample, r.sources, run.started, *r.job))
    return *bad;
  return std::move(r.sample);
}

} // namespace actorbench::actors
