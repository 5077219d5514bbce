#include "bench/fanout_benchmark.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <numeric>
#include <random>
#include <tuple>
#include <utility>

#include "actors/fanout/fanout.hpp"
#include "actors/remote/remote_node.hpp"
#include "actors/remote/remote_runtime.hpp"
#include "bench/harness/process_memory.hpp"

namespace actorbench::bench {

std::optional<std::uint64_t> fanout_result::max_peak_rss_bytes() const {
  if (peak_rss_bytes.empty())
    return std::nullopt;
  return *std::max_element(peak_rss_bytes.begin(), peak_rss_bytes.end());
}

std::optional<double> fanout_result::rss_bytes_per_actor() const {
  if (peak_rss_bytes.empty() || procs == 0)
    return std::nullopt;
  std::uint64_t growth = 0;
  for (std::size_t i = 0; i < peak_rss_bytes.size(); ++i)
    if (peak_rss_bytes[i] > start_rss_bytes[i])
      growth = std::max(growth, peak_rss_bytes[i] - start_rss_bytes[i]);
  return static_cast<double>(growth) / procs;
}

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

// What one configuration needs between its runs.
struct prepared {
  actors::fanout_params params;
  caf::actor_system* system = nullptr;
  fanout_result out;
};

fanout_result describe(const fanout_config& c, std::size_t threads) {
  fanout_result out;
  out.procs = c.procs;
  out.crypto = c.crypto;
  out.backend = std::string{c.backend->name()};
  out.cipher = c.cipher->name;
  out.runs = c.runs;
  out.warmup = c.warmup;
  out.threads = threads;
  out.policy = c.scheduler.policy;
  out.spawn = std::string{actors::to_string(c.spawn)};
  out.context = std::string{actors::to_string(c.context)};
  out.pinned_cpus = c.scheduler.cpus;
  out.clock = c.scheduler.lean_clock ? "lean" : "caf";
  return out;
}

void record(fanout_result& out, const actors::fanout_sample& s, std::uint64_t start_rss,
            std::uint64_t peak_rss) {
  out.samples_s.push_back(s.replies_s);
  out.spawn_s.push_back(s.spawn_s);
  out.teardown_s.push_back(s.teardown_s);
  const auto& r = s.report;
  out.mismatches += r.mismatches();
  out.wrong_plaintext += r.wrong_plaintext;
  out.failed_decrypts += r.failed_decrypts;
  out.duplicate_ids += r.duplicate_ids;
  out.missing_ids += r.missing_ids;
  out.nodes.resize(s.nodes.size());
  for (std::size_t i = 0; i < s.nodes.size(); ++i) {
    auto& n = out.nodes[i];
    n.name = s.nodes[i].name;
    n.senders = s.nodes[i].senders;
    n.replies.push_back(s.nodes[i].replies);
    n.replies_s.push_back(s.nodes[i].replies_s);
    n.teardown_s.push_back(s.nodes[i].teardown_s);
  }
  if (start_rss > 0 && peak_rss > 0) {
    out.start_rss_bytes.push_back(start_rss);
    out.peak_rss_bytes.push_back(peak_rss);
  }
}

} // namespace

result<std::vector<fanout_result>> run_fanout_benchmarks(const std::vector<fanout_config>& configs,
                                                         const run_order& order,
                                                         const progress_callback& progress,
                                                         const std::atomic<bool>* stop) {
  // One actor system per distinct scheduler setting, started before any run;
  // with worker nodes a networked one, connected once to every node.
  std::map<std::tuple<std::size_t, std::string, std::vector<int>, bool>, actor_system_holder>
    systems;
  std::vector<prepared> jobs;
  for (const auto& c : configs) {
    auto& holder =
      systems[{c.scheduler.threads, c.scheduler.policy, c.scheduler.cpus, c.scheduler.lean_clock}];
    if (!holder.local && !holder.networked) {
      if (c.nodes.empty()) {
        holder.local = std::make_unique<actors::runtime>(c.scheduler);
      } else {
        auto rt = actors::remote_runtime::create({c.scheduler, c.tls});
        if (!rt)
          return runtime_failure(rt.err().detail);
        holder.networked = std::move(*rt);
        for (const auto& n : c.nodes) {
          auto node = actors::connect_node(*holder.networked, n.host, n.port, c.connect_timeout);
          if (!node)
            return runtime_failure(node.err().detail);
          holder.nodes.push_back(std::move(*node));
        }
      }
    }
    // The payload is made even with crypto off, so every result documents it.
    auto data = actors::make_payload(*c.backend, *c.cipher);
    if (!data)
      return runtime_failure("cannot prepare the payload: " + data.err().detail);
    prepared p;
    p.params.procs = c.procs;
    p.params.crypto = c.crypto;
    p.params.backend = c.backend;
    p.params.cipher = c.cipher;
    p.params.data = *data;
    p.params.spawn = c.spawn;
    p.params.context = c.context;
    p.params.timeout = c.timeout;
    p.params.nodes = holder.nodes;
    p.system = &holder.system();
    p.out = describe(c, holder.threads());
    p.out.payload = *data;
    jobs.push_back(std::move(p));
  }

  std::size_t warmup_rounds = 0, measured_rounds = 0;
  for (const auto& c : configs) {
    warmup_rounds = std::max(warmup_rounds, c.warmup);
    measured_rounds = std::max(measured_rounds, c.runs);
  }
  std::size_t total = 0;
  for (const auto& c : configs)
    total += c.warmup + c.runs;
  std::size_t done = 0;
  std::mt19937_64 rng{order.seed};
  std::vector<std::size_t> sequence(jobs.size());

  auto stopped = [stop] { return stop != nullptr && stop->load(); };
  for (std::size_t round = 0; round < warmup_rounds + measured_rounds && !stopped(); ++round) {
    bool measured = round >= warmup_rounds;
    std::iota(sequence.begin(), sequence.end(), 0);
    if (order.shuffle)
      std::shuffle(sequence.begin(), sequence.end(), rng);
    for (auto i : sequence) {
      auto& job = jobs[i];
      const auto& c = configs[i];
      auto index = measured ? round - warmup_rounds : round;
      if (index >= (measured ? c.runs : c.warmup))
        continue;
      if (stopped())
        break;
      reset_peak_rss();
      auto start_rss = current_rss_bytes().value_or(0);
      auto sample = actors::run_fanout(*job.system, job.params);
      if (!sample)
        return runtime_failure((measured ? "run " : "warm-up run ") + std::to_string(index + 1)
                               + " of " + std::to_string(job.out.procs)
                               + " actors failed: " + sample.err().detail);
      if (measured)
        record(job.out, *sample, start_rss, peak_rss_bytes().value_or(0));
      if (progress)
        progress(++done, total);
    }
  }
  std::vector<fanout_result> out;
  for (auto& job : jobs)
    out.push_back(std::move(job.out));
  return out;
}

} // namespace actorbench::bench
