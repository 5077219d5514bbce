#include "bench/fanout_options.hpp"

#include <algorithm>
#include <optional>
#include <random>

#include <sched.h>

#include "actors/runtime/context_strategy.hpp"
#include "actors/runtime/cpu_pinning.hpp"
#include "actors/fanout/fanout.hpp"
#include "actors/fanout/spawn_strategy.hpp"
#include "bench/common/cipher_choice.hpp"
#include "bench/common/endpoint.hpp"
#include "bench/output_options.hpp"
#include "bench/harness/memory_budget.hpp"
#include "bench/harness/value_list.hpp"

namespace actorbench::bench {

namespace {

constexpr std::size_t max_procs = 100'000'000;
constexpr std::size_t max_runs = 100'000;
constexpr std::size_t max_warmup = 10'000;
constexpr std::size_t max_threads = 1024;
constexpr std::size_t max_timeout_s = 86'400;
constexpr std::size_t max_configs = 1000;

} // namespace

result<cli_options> validate_fanout(const fanout_cli_values& raw) {
  cli_options opts;
  fanout_config base;

  auto procs = parse_count_list("--procs", raw.procs, 1, max_procs);
  if (!procs)
    return procs.err();
  auto crypto_words = parse_word_list("--crypto", raw.crypto);
  if (!crypto_words)
    return crypto_words.err();
  std::vector<bool> crypto_values;
  for (const auto& w : *crypto_words) {
    if (w != "on" && w != "off")
      return bad_input("invalid --crypto '" + raw.crypto + "': expected on, off or on,off");
    crypto_values.push_back(w == "on");
  }

  auto ciphers = choose_ciphers(raw.backend, raw.cipher);
  if (!ciphers)
    return ciphers.err();

  auto runs = parse_count("--runs", raw.runs, 1, max_runs);
  if (!runs)
    return runs.err();
  base.runs = *runs;
  auto warmup = parse_count("--warmup", raw.warmup, 0, max_warmup);
  if (!warmup)
    return warmup.err();
  base.warmup = *warmup;

  std::vector<std::size_t> thread_values{0};
  if (!raw.threads.empty()) {
    auto t = parse_count_list("--threads", raw.threads, 1, max_threads);
    if (!t)
      return t.err();
    thread_values = *t;
  }
  auto policies = parse_word_list("--policy", raw.policy);
  if (!policies)
    return policies.err();
  for (const auto& p : *policies)
    if (p != "stealing" && p != "sharing")
      return bad_input("invalid --policy '" + raw.policy + "': expected stealing, sharing or both");
  auto spawn_words = parse_word_list("--spawn", raw.spawn);
  if (!spawn_words)
    return spawn_words.err();
  std::vector<actors::spawn_strategy> spawns;
  for (const auto& w : *spawn_words) {
    auto s = actors::parse_spawn_strategy(w);
    if (!s)
      return bad_input("invalid --spawn '" + raw.spawn + "': expected main, chain or both");
    spawns.push_back(*s);
  }

  auto budget = parse_memory_budget(raw.max_memory);
  if (!budget)
    return budget.err();
  std::size_t per_proc = 0;
  for (auto sp : spawns)
    per_proc = std::max(per_proc, actors::fanout_bytes_per_proc(sp));
  auto fits = check_memory_estimate(*budget, "--procs", raw.procs,
                                    *std::max_element(procs->begin(), procs->end()), "actors",
                                    "actor", per_proc);
  if (!fits)
    return fits.err();

  auto context_words = parse_word_list("--context", raw.context);
  if (!context_words)
    return context_words.err();
  std::vector<actors::context_strategy> contexts;
  for (const auto& w : *context_words) {
    auto s = actors::parse_context_strategy(w);
    if (!s)
      return bad_input("invalid --context '" + raw.context
                       + "': expected per-message, per-actor, per-thread or a list of them");
    contexts.push_back(*s);
  }

  std::vector<int> cpus;
  if (!raw.pin.empty()) {
    auto allowed = actors::allowed_cpus();
    std::string allowed_text;
    for (auto c : allowed)
      allowed_text += (allowed_text.empty() ? "" : ",") + std::to_string(c);
    auto list = parse_count_list("--pin", raw.pin, 0, CPU_SETSIZE - 1);
    if (!list)
      return bad_input("invalid --pin '" + raw.pin + "': expected CPU numbers from "
                       + allowed_text);
    for (auto c : *list) {
      if (std::find(allowed.begin(), allowed.end(), static_cast<int>(c)) == allowed.end())
        return bad_input("invalid --pin '" + raw.pin + "': CPU " + std::to_string(c)
                         + " is not available; expected CPU numbers from " + allowed_text);
      cpus.push_back(static_cast<int>(c));
    }
  }

  auto clock_words = parse_word_list("--clock", raw.clock);
  if (!clock_words)
    return clock_words.err();
  std::vector<bool> lean_clocks;
  for (const auto& w : *clock_words) {
    if (w != "lean" && w != "caf")
      return bad_input("invalid --clock '" + raw.clock + "': expected lean, caf or both");
    lean_clocks.push_back(w == "lean");
  }

  if (!raw.nodes.empty()) {
    auto nodes = parse_endpoint_list("--nodes", raw.nodes);
    if (!nodes)
      return nodes.err();
    auto smallest = *std::min_element(procs->begin(), procs->end());
    if (smallest <= nodes->size())
      return bad_input("invalid --procs '" + raw.procs + "': with " + std::to_string(nodes->size())
                       + " worker nodes a run needs at least " + std::to_string(nodes->size() + 1)
                       + " senders (one per node)");
    base.nodes = *nodes;
  }
  if (raw.tls.tls && raw.nodes.empty())
    return bad_input("--tls needs --nodes: it secures the connections to worker nodes");
  auto tls = validate_tls(raw.tls);
  if (!tls)
    return tls.err();
  base.tls = *tls;

  std::optional<std::chrono::milliseconds> timeout;
  if (!raw.timeout.empty()) {
    auto t = parse_count("--timeout", raw.timeout, 1, max_timeout_s);
    if (!t)
      return t.err();
    timeout = std::chrono::seconds{*t};
  }

  // Every combination, in command-line order, the last option varying fastest.
  // Crypto off ignores the cipher, so it gets one configuration per scan point.
  for (auto p : *procs)
    for (bool on : crypto_values)
      for (std::size_t ci = 0; ci < (on ? ciphers->size() : 1); ++ci)
        for (std::size_t xi = 0; xi < (on ? contexts.size() : 1); ++xi)
          for (auto t : thread_values)
            for (const auto& pol : *policies)
              for (auto sp : spawns)
                for (bool lean : lean_clocks) {
                  fanout_config c = base;
                  c.procs = p;
                  c.crypto = on;
                  c.backend = (*ciphers)[ci].first;
                  c.cipher = (*ciphers)[ci].second;
                  c.scheduler.threads = t;
                  c.scheduler.policy = pol;
                  c.scheduler.cpus = cpus;
                  c.scheduler.lean_clock = lean;
                  c.spawn = sp;
                  c.context = contexts[xi];
                  // By default a run may take a minute plus 20 us per actor
                  // before it counts as hung.
                  c.timeout = timeout.value_or(std::chrono::milliseconds{60'000 + p / 50});
                  // And each worker node may take 10 s to answer its connection.
                  c.connect_timeout = timeout.value_or(std::chrono::seconds{10});
                  opts.configs.push_back(c);
                  if (opts.configs.size() > max_configs)
                    return bad_input("too many configurations: the options combine to more than "
                                     + std::to_string(max_configs));
                }

  auto reference = parse_count("--reference", raw.reference, 1, opts.configs.size());
  if (!reference)
    return reference.err();
  opts.reference = *reference - 1;
  opts.order.shuffle = raw.shuffle;
  opts.quiet = raw.quiet;
  if (!raw.seed.empty()) {
    auto seed = parse_count("--seed", raw.seed, 0, std::size_t{1} << 62);
    if (!seed)
      return seed.err();
    opts.order.seed = *seed;
  } else {
    opts.order.seed = std::random_device{}();
  }

  auto format = parse_format(raw.format);
  if (!format)
    return format.err();
  opts.format = *format;
  if (raw.output_given) {
    auto ok = check_output_path("--output", raw.output);
    if (!ok)
      return ok.err();
    opts.output_path = raw.output;
  }
  if (raw.plot_given) {
    auto ok = check_plot_path(raw.plot);
    if (!ok)
      return ok.err();
    opts.plot_path = raw.plot;
  }
  if (auto ok = refuse_same_file("--plot", opts.plot_path, "--output", opts.output_path); !ok)
    return ok.err();
  return opts;
}

} // namespace actorbench::bench
