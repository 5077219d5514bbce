#include "bench/cli.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <sstream>

#include <CLI/CLI.hpp>

#include "actors/fanout.hpp"
#include "actors/spawn_strategy.hpp"
#include "bench/process_memory.hpp"
#include "crypto/registry.hpp"

namespace actorbench::bench {

namespace {

constexpr std::size_t max_procs = 100'000'000;
constexpr std::size_t max_runs = 100'000;
constexpr std::size_t max_warmup = 10'000;
constexpr std::size_t max_threads = 1024;
constexpr std::size_t max_timeout_s = 86'400;

// Parses a whole number in [min, max]; the error names the option and value.
result<std::size_t> parse_count(const std::string& option, const std::string& text,
                                std::size_t min, std::size_t max) {
  auto fail = [&] {
    return bad_input("invalid " + option + " '" + text + "': expected a whole number from "
                     + std::to_string(min) + " to " + std::to_string(max));
  };
  if (text.empty() || text.size() > 20)
    return fail();
  std::size_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9')
      return fail();
    value = value * 10 + static_cast<std::size_t>(c - '0');
  }
  if (value < min || value > max)
    return fail();
  return value;
}

std::string gib(std::uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
  return buf;
}

// Every back-end offering `cipher`, in registry order.
const crypto::backend* backend_offering(std::string_view cipher) {
  for (const auto* b : crypto::registry::instance().backends())
    if (b->find_cipher(cipher) != nullptr)
      return b;
  return nullptr;
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
  std::string timeout;
  std::string format = "table";
  std::string output;
  bool output_given = false;
  bool list = false;
};

result<cli_options> validate(const raw_options& raw) {
  cli_options opts;
  auto& f = opts.fanout;

  auto procs = parse_count("--procs", raw.procs, 1, max_procs);
  if (!procs)
    return procs.err();
  f.procs = *procs;
  if (auto avail = available_memory_bytes()) {
    auto need = static_cast<std::uint64_t>(f.procs) * actors::fanout_bytes_per_proc;
    if (need > *avail)
      return bad_input("invalid --procs '" + raw.procs + "': needs about " + gib(need) + " ("
                       + std::to_string(actors::fanout_bytes_per_proc)
                       + " bytes per actor) but only " + gib(*avail) + " is available");
  }

  if (raw.crypto != "on" && raw.crypto != "off")
    return bad_input("invalid --crypto '" + raw.crypto + "': expected on or off");
  f.crypto = raw.crypto == "on";

  const auto& reg = crypto::registry::instance();
  if (!raw.backend.empty()) {
    auto b = reg.find(raw.backend);
    if (!b)
      return bad_input("invalid --backend '" + raw.backend + "': expected one of "
                       + reg.names());
    f.backend = *b;
  } else if (!raw.cipher.empty()) {
    f.backend = backend_offering(raw.cipher);
  }
  if (f.backend == nullptr) {
    if (!raw.cipher.empty()) {
      std::string all;
      for (const auto* b : reg.backends())
        for (const auto& c : b->ciphers())
          all += (all.empty() ? "" : ", ") + std::string{b->name()} + "/" + c.name;
      return bad_input("invalid --cipher '" + raw.cipher + "': expected one of " + all);
    }
    f.backend = *reg.find("openssl");
  }
  auto cipher = reg.find_cipher(*f.backend, raw.cipher);
  if (!cipher)
    return bad_input("invalid --cipher '" + raw.cipher + "': " + cipher.err().detail);
  f.cipher = *cipher;

  auto runs = parse_count("--runs", raw.runs, 1, max_runs);
  if (!runs)
    return runs.err();
  f.runs = *runs;
  auto warmup = parse_count("--warmup", raw.warmup, 0, max_warmup);
  if (!warmup)
    return warmup.err();
  f.warmup = *warmup;
  if (!raw.threads.empty()) {
    auto threads = parse_count("--threads", raw.threads, 1, max_threads);
    if (!threads)
      return threads.err();
    f.scheduler.threads = *threads;
  }
  if (raw.policy != "stealing" && raw.policy != "sharing")
    return bad_input("invalid --policy '" + raw.policy + "': expected stealing or sharing");
  f.scheduler.policy = raw.policy;
  auto spawn = actors::parse_spawn_strategy(raw.spawn);
  if (!spawn)
    return bad_input("invalid --spawn '" + raw.spawn + "': expected main or chain");
  f.spawn = *spawn;

  // By default a run may take a minute plus 20 µs per actor before it counts
  // as hung.
  f.timeout = std::chrono::milliseconds{60'000 + f.procs / 50};
  if (!raw.timeout.empty()) {
    auto t = parse_count("--timeout", raw.timeout, 1, max_timeout_s);
    if (!t)
      return t.err();
    f.timeout = std::chrono::seconds{*t};
  }

  if (raw.format == "table")
    opts.format = output_format::table;
  else if (raw.format == "json")
    opts.format = output_format::json;
  else if (raw.format == "csv")
    opts.format = output_format::csv;
  else
    return bad_input("invalid --format '" + raw.format + "': expected table, json or csv");

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
  out << "back-end  cipher            key  nonce  tag  available\n";
  for (const auto* b : crypto::registry::instance().backends()) {
    for (const auto& c : b->ciphers()) {
      char line[160];
      std::snprintf(line, sizeof(line), "%-9s %-17s %3zu  %5zu  %3zu  %s", b->name().data(),
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
  app.add_option("--procs", raw.procs, "Sender actors per run, 1..100000000")
    ->default_str(raw.procs);
  app.add_option("--crypto", raw.crypto, "Decrypt in each sender: on or off")
    ->default_str(raw.crypto);
  app.add_option("--backend", raw.backend, "Crypto back-end: none, openssl, sodium (see --list)")
    ->default_str("openssl");
  app.add_option("--cipher", raw.cipher, "Cipher of the back-end (see --list)")
    ->default_str("aes-128-ctr");
  app.add_option("--runs", raw.runs, "Measured runs, as in the seed")->default_str(raw.runs);
  app.add_option("--warmup", raw.warmup, "Unmeasured runs before them")->default_str(raw.warmup);
  app.add_option("--threads", raw.threads, "Scheduler threads")->default_str("one per core");
  app.add_option("--policy", raw.policy, "Scheduler policy: stealing or sharing")
    ->default_str(raw.policy);
  app.add_option("--spawn", raw.spawn,
                 "Who spawns the senders: main (the calling thread, one by one) or chain "
                 "(spawner actors on the scheduler's workers, in chunks)")
    ->default_str(raw.spawn);
  app.add_option("--timeout", raw.timeout, "Seconds one run may take before it fails")
    ->default_str("60 + 20 us per actor");
  app.add_option("--format", raw.format, "Output: table, json or csv")->default_str(raw.format);
  app.add_option("--output", raw.output, "Write the output to FILE instead of standard output");
  app.add_flag("--list", raw.list, "List back-ends and ciphers with availability, then exit");
  app.footer("Examples:\n"
             "  actorbench --procs 100000 --crypto on\n"
             "  actorbench --procs 10000 --crypto on --backend sodium --cipher xchacha20\n"
             "  actorbench --procs 100000 --crypto on --format json --output run.json\n\n"
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
