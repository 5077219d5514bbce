#include "bench/scenarios/fanout/fanout.hpp"

#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include <caf/exit_reason.hpp>
#include <caf/scoped_actor.hpp>
#include <caf/send.hpp>

#include "bench/scenarios/fanout/sender.hpp"
#include "bench/scenarios/fanout/spawner.hpp"
#include "actors/remote/peer_text.hpp"
#include "bench/scenarios/fanout/fanout_messages.hpp"
#include "actors/runtime/countdown_latch.hpp"

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

} // namespace

result<fanout_sample> run_fanout(caf::actor_system& system, const fanout_params& params) {
  if (params.procs == 0 || params.procs > std::numeric_limits<std::uint32_t>::max())
    return error{errc::bad_parameter,
                 "procs " + std::to_string(params.procs) + " outside 1.."
                   + std::to_string(std::numeric_limits<std::uint32_t>::max())};
  if (params.procs <= params.nodes.size())
    return error{errc::bad_parameter, "procs " + std::to_string(params.procs) + " cannot give "
                                        + std::to_string(params.nodes.size() + 1)
                                        + " nodes a sender each"};
  std::unique_ptr<crypto::cipher_context> prototype;
  if (params.crypto) {
    if (params.backend == nullptr || params.cipher == nullptr)
      return error{errc::bad_parameter, "crypto on needs a back-end and a cipher"};
    auto ctx = params.backend->make_context(params.cipher->name, params.data.key);
    if (!ctx)
      return error{errc::crypto_failure, ctx.err().detail};
    prototype = std::move(*ctx);
  }
  auto sources = split_among_nodes(params.procs, params.nodes);
  auto local = sources[0].expected;
  std::vector<payload> node_data;
  if (!params.nodes.empty()) {
    std::unique_ptr<crypto::cipher_context> sealer;
    if (params.crypto) {
      auto ctx = params.backend->make_context(params.cipher->name, params.data.key);
      if (!ctx)
        return error{errc::crypto_failure, ctx.err().detail};
      sealer = std::move(*ctx);
    }
    for (std::size_t i = 1; i < sources.size(); ++i) {
      auto data = params.data;
      if (params.crypto) {
        auto fresh = fresh_payload(params, *sealer);
        if (!fresh)
          return fresh.err();
        data = std::move(*fresh);
      }
      sources[i].plaintext = data.plaintext;
      node_data.push_back(std::move(data));
    }
  }
  // Shared state lives in shared_ptrs: after a timeout, stragglers may still
  // touch it when this function has returned.
  auto outcome = std::make_shared<collector_outcome>();
  auto report = outcome->report.get_future();
  auto collector = spawn_collector(system, sources, params.data.plaintext, outcome);
  auto job =
    std::make_shared<const sender_job>(collector, params.backend, params.cipher, params.context,
                                       std::move(prototype), params.data, local);
  std::vector<remote_spawn_request> requests;
  for (std::size_t i = 1; i < sources.size(); ++i) {
    requests.push_back(make_request(params, node_data[i - 1], collector));
    requests.back().source = static_cast<std::uint32_t>(i);
    requests.back().first = static_cast<std::uint32_t>(sources[i].first);
    requests.back().count = static_cast<std::uint32_t>(sources[i].expected);
  }
  // Only runs with worker nodes need a scoped actor, to await their answers.
  std::unique_ptr<caf::scoped_actor> self;
  if (!params.nodes.empty())
    self = std::make_unique<caf::scoped_actor>(system);
  using node_answer =
    decltype((*self)->request(collector, params.timeout, remote_spawn_request{}));
  std::vector<node_answer> answers;

  auto start = std::chrono::steady_clock::now();
  // Worker nodes first: their shares travel while this node spawns its own.
  for (std::size_t i = 1; i < sources.size(); ++i) {
    answers.push_back(
      (*self)->request(params.nodes[i - 1].spawner, 2 * params.timeout, requests[i - 1]));
  }
  spawn_senders(system, job, 0, local, params.spawn);

  if (report.wait_for(params.timeout) != std::future_status::ready) {
    caf::anon_send_exit(collector, caf::exit_reason::kill);
    return error{errc::timeout, "collector received " + std::to_string(outcome->received.load())
                                  + " of " + std::to_string(params.procs) + " replies within "
                                  + seconds_text(params.timeout) + shortfall(sources, *outcome)};
  }
  auto collected = report.get();
  if (!collected)
    return collected.err();
  fanout_sample sample;
  sample.report = std::move(*collected);
  // Replies can overtake the spawner's count of what it spawned.
  if (!job->spawned.wait_for(params.timeout))
    return error{errc::timeout, "spawning did not finish within " + seconds_text(params.timeout)};
  for (std::size_t i = 1; i < sources.size(); ++i) {
    std::optional<error> failed;
    answers[i - 1].receive(
      [&](const remote_spawn_done& done) {
        if (done.destroyed != sources[i].expected)
          failed = error{errc::node_failure, "node " + sources[i].name + " destroyed "
                                               + std::to_string(done.destroyed) + " of "
                                               + std::to_string(sources[i].expected) + " senders"};
      },
      [&](const caf::error& err) {
        failed = error{errc::node_failure, "node " + sources[i].name + " did not finish its share: "
                                             + peer_text(system.render(err))};
      });
    if (failed)
      return *failed;
    sample.nodes.push_back({sources[i].name, sources[i].expected, 0, 0,
                            seconds_between(start, std::chrono::steady_clock::now())});
  }
  if (!job->destroyed.wait_for(params.timeout))
    return error{errc::teardown_timeout, std::to_string(job->destroyed.remaining()) + " of "
                                           + std::to_string(local) + " senders still alive after "
                                           + seconds_text(params.timeout)};
  sample.spawn_s = seconds_between(start, job->spawned.reached_at());
  sample.replies_s = seconds_between(start, sample.report.done_at);
  sample.teardown_s = seconds_between(start, job->destroyed.reached_at());
  if (!params.nodes.empty()) {
    sample.nodes.insert(sample.nodes.begin(), {"local", local, 0, 0, sample.teardown_s});
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
  }
  return sample;
}

} // namespace actorbench::actors
