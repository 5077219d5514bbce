#include "bench/cli.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstdio>
#include <optional>
#include <random>
#include <sstream>

#include <CLI/CLI.hpp>

#include "actors/fanout.hpp"
#include "actors/context_strategy.hpp"
#include "actors/spawn_strategy.hpp"
#include "bench/process_memory.hpp"
#include "bench/value_list.hpp"
#include "crypto/registry.hpp"

namespace actorbench::bench {

namespace {

constexpr std::size_t max_procs = 100'000'000;
constexpr std::size_t max_runs = 100'000;
constexpr std::size_t max_warmup = 10'000;
constexpr std::size_t max_threads = 1024;
constexpr std::size_t max_timeout_s = 86'400;
constexpr std::size_t max_configs = 1000;

std::string gib(std::uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
  return buf;
}

result<bool> check_writable(const std::string& path) {
  if (path.empty())
    return bad_input("invalid --output '': expected a file path");
  struct stat st {};
  if (stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      return bad_input("invalid --output '" + path + "': it is a directory, expected a file");
    if (access(path.c_str(), W_OK) != 0)
      return bad_input("invalid --output '" + path + "': the file is not writable");
    return true;
  }
  auto slash = path.find_last_of('/');
  std::string dir = slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
  if (access(dir.c_str(), W_OK) != 0)
    return bad_input("invalid --output '" + path + "': directory '" + dir
                     + "' does not exist or is not writable");
  return true;
}

struct raw_options {
  std::string procs = "10000";
  std::string crypto = "off";
  std::string backend;
  std::string cipher;
  std::string runs = "10";
  std::string warmup = "1";
  std::string threads;
  std::string policy = "stealing";
  std::string spawn = "chain";
  std::string context = "per-actor";
  std::string timeout;
  std::string reference = "1";
  bool shuffle = false;
  std::string seed;
  std::string format = "table";
  std::string output;
  bool output_given = false;
  bool list = false;
  bool quiet = false;
};

using cipher_choice = std::pair<const crypto::backend*, const crypto::cipher_info*>;

std::string every_cipher_name() {
  std::string all;
  for (const auto* b : crypto::registry::instance().backends())
    for (const auto& c : b->ciphers())
      all += (all.empty() ? "" : ", ") + std::string{b->name()} + "/" + c.name;
  return all;
}

// The back-end/cipher pairs that --backend and --cipher ask for. "all" means
// every available one; a cipher without a back-end picks the back-end that
// offers it; a back-end without a cipher uses its default.
result<std::vector<cipher_choice>> choose_ciphers(const std::string& backend_text,
                                                  const std::string& cipher_text) {
  const auto& reg = crypto::registry::instance();
  std::vector<const crypto::backend*> backends;
  if (backend_text == "all") {
    for (const auto* b : reg.backends())
      if (b->is_available())
        backends.push_back(b);
  } else if (!backend_text.empty()) {
    auto names = parse_word_list("--backend", backend_text);
    if (!names)
      return names.err();
    for (const auto& name : *names) {
      auto b = reg.find(name);
      if (!b)
        return bad_input("invalid --backend '" + name + "': expected all or one of "
                         + reg.names());
      backends.push_back(*b);
    }
  }
  std::vector<cipher_choice> out;
  if (cipher_text == "all") {
    if (backends.empty())
      backends = reg.backends();
    for (const auto* b : backends)
      for (const auto& c : b->ciphers())
        if (c.available)
          out.emplace_back(b, &c);
    return out;
  }
  if (cipher_text.empty()) {
    if (backends.empty())
      backends.push_back(*reg.find("openssl"));
    for (const auto* b : backends) {
      auto c = reg.find_cipher(*b, "");
      if (!c)
        return bad_input("invalid --backend '" + std::string{b->name()} + "': "
                         + c.err().detail);
      out.emplace_back(b, *c);
    }
    return out;
  }
  auto names = parse_word_list("--cipher", cipher_text);
  if (!names)
    return names.err();
  for (const auto& name : *names) {
    bool found = false;
    for (const auto* b : backends.empty() ? reg.backends() : backends) {
      if (b->find_cipher(name) == nullptr)
        continue;
      auto c = reg.find_cipher(*b, name);
      if (!c)
        return bad_input("invalid --cipher '" + name + "': " + c.err().detail);
      out.emplace_back(b, *c);
      found = true;
      if (backends.empty())
        break; // the first back-end offering it
    }
    if (!found) {
      if (backends.size() == 1) {
        auto c = reg.find_cipher(*backends.front(), name);
        return bad_input("invalid --cipher '" + name + "': " + c.err().detail);
      }
      return bad_input("invalid --cipher '" + name + "': expected all or one of "
                       + every_cipher_name());
    }
  }
  return out;
}

result<cli_options> validate(const raw_options& raw) {
  cli_options opts;
  fanout_config base;

  auto procs = parse_count_list("--procs", raw.procs, 1, max_procs);
  if (!procs)
    return procs.err();
  if (auto avail = available_memory_bytes()) {
    auto largest = *std::max_element(procs->begin(), procs->end());
    auto need = static_cast<std::uint64_t>(largest) * actors::fanout_bytes_per_proc;
    if (need > *avail)
      return bad_input("invalid --procs '" + raw.procs + "': " + std::to_string(largest)
                       + " actors need about " + gib(need) + " ("
                       + std::to_string(actors::fanout_bytes_per_proc)
                       + " bytes per actor) but only " + gib(*avail) + " is available");
  }

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
            for (auto sp : spawns) {
              fanout_config c = base;
              c.procs = p;
              c.crypto = on;
              c.backend = (*ciphers)[ci].first;
              c.cipher = (*ciphers)[ci].second;
              c.scheduler.threads = t;
              c.scheduler.policy = pol;
              c.spawn = sp;
              c.context = contexts[xi];
              // By default a run may take a minute plus 20 us per actor
              // before it counts as hung.
              c.timeout = timeout.value_or(std::chrono::milliseconds{60'000 + p / 50});
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

  if (raw.format == "table")
    opts.format = output_format::table;
  else if (raw.format == "json")
    opts.format = output_format::json;
  else if (raw.format == "csv")
    opts.format = output_format::csv;
  else if (raw.format == "markdown")
    opts.format = output_format::markdown;
  else
    return bad_input("invalid --format '" + raw.format
                     + "': expected table, json, csv or markdown");

  if (raw.output_given) {
    auto ok = check_writable(raw.output);
    if (!ok)
      return ok.err();
    opts.output_path = raw.output;
  }
  return opts;
}

} // namespace

std::string describe_backends() {
  std::ostringstream out;
  out << "back-end  cipher                    key  nonce  tag  available\n";
  for (const auto* b : crypto::registry::instance().backends()) {
    for (const auto& c : b->ciphers()) {
      char line[160];
      std::snprintf(line, sizeof(line), "%-9s %-25s %3zu  %5zu  %3zu  %s", b->name().data(),
                    c.name.c_str(), c.key_size, c.nonce_size, c.overhead,
                    c.available ? "yes" : ("no: " + c.unavailable_reason).c_str());
      out << line << '\n';
    }
  }
  out << "(defaults: back-end openssl, cipher its first; --cipher alone picks the back-end "
         "that offers it)\n";
  return out.str();
}

result<command> parse_command_line(int argc, const char* const* argv) {
  CLI::App app{"actorbench: one collector actor and N lightweight sender actors on CAF; "
               "each sender decrypts an AES-CTR \"Hello World!\" and replies (the Erlang "
               "experiment of seed 001).",
               "actorbench"};
  raw_options raw;
  app.add_option("--procs", raw.procs,
                 "Sender actors per run, 1..100000000; a list 1000,10000 or a range "
                 "1000..1000000x10 scans")
    ->default_str(raw.procs);
  app.add_option("--crypto", raw.crypto, "Decrypt in each sender: on, off, or on,off")
    ->default_str(raw.crypto);
  app.add_option("--backend", raw.backend,
                 "Crypto back-end(s): none, openssl, sodium, a list, or all (see --list)")
    ->default_str("openssl");
  app.add_option("--cipher", raw.cipher, "Cipher(s) of the back-end, a list, or all (see --list)")
    ->default_str("the back-end's first");
  app.add_option("--runs", raw.runs, "Measured runs per configuration")->default_str(raw.runs);
  app.add_option("--warmup", raw.warmup, "Unmeasured runs per configuration before them")
    ->default_str(raw.warmup);
  app.add_option("--threads", raw.threads, "Scheduler threads; a list or range scans")
    ->default_str("one per core");
  app.add_option("--policy", raw.policy, "Scheduler policy: stealing, sharing, or both")
    ->default_str(raw.policy);
  app.add_option("--spawn", raw.spawn,
                 "Who spawns the senders: chain (spawner actors on the scheduler's workers, "
                 "in chunks), main (the calling thread, one by one), or both")
    ->default_str(raw.spawn);
  app.add_option("--context", raw.context,
                 "Where a sender's cipher context comes from: per-actor (each clones a keyed "
                 "one), per-thread (cached per scheduler thread), per-message (created, keyed "
                 "and freed per decrypt, the naive way), or a list")
    ->default_str(raw.context);
  app.add_option("--timeout", raw.timeout, "Seconds one run may take before it fails")
    ->default_str("60 + 20 us per actor");
  app.add_option("--reference", raw.reference,
                 "Which configuration (1 = the first) the others are compared to")
    ->default_str(raw.reference);
  app.add_flag("--shuffle", raw.shuffle,
               "Random order of configurations within each round (default A B C, A B C)");
  app.add_option("--seed", raw.seed, "Seed of --shuffle, to repeat an order")
    ->default_str("random, printed");
  app.add_option("--format", raw.format, "Output: table, json, csv or markdown")
    ->default_str(raw.format);
  app.add_option("--output", raw.output, "Write the output to FILE instead of standard output");
  app.set_config("--config", "",
                 "Read options from a TOML or INI file (key = \"value\" per option, e.g. "
                 "procs = \"10000,100000\"); options on the command line override it");
  // A misspelt key in a scenario file must not be silently ignored.
  app.allow_config_extras(false);
  app.add_flag("--quiet", raw.quiet, "No progress bar (it is drawn only when stderr is a terminal)");
  app.add_flag("--list", raw.list, "List back-ends and ciphers with availability, then exit");
  app.footer("Examples:\n"
             "  actorbench --procs 100000 --crypto on\n"
             "  actorbench --procs 10000 --crypto on --backend sodium --cipher xchacha20\n"
             "  actorbench --procs 100000 --crypto on --format json --output run.json\n"
             "  actorbench --procs 10000,100000 --crypto off,on      (the seed's table)\n"
             "  actorbench --procs 100000 --crypto on --cipher all   (every cipher, compared)\n\n"
             "Configurations of one invocation run interleaved, round by round.\n"
             "Times are seconds from the first spawn until the collector has every reply\n"
             "(the seed's figure); the phase split adds when spawning ended and when every\n"
             "sender was destroyed. Exit codes: 0 ok, 1 run failed or mismatches, 2 bad input.");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    command cmd;
    cmd.what = command::action::help;
    cmd.text = app.help();
    return cmd;
  } catch (const CLI::FileError& e) {
    return bad_input(std::string{"invalid --config: "} + e.what());
  } catch (const CLI::ParseError& e) {
    return bad_input(e.what());
  }
  raw.output_given = app.count("--output") > 0;
  command cmd;
  if (raw.list) {
    cmd.what = command::action::list;
    cmd.text = describe_backends();
    return cmd;
  }
  auto opts = validate(raw);
  if (!opts)
    return opts.err();
  cmd.options = std::move(*opts);
  return cmd;
}

} // namespace actorbench::bench
