#include "bench/cli.hpp"

#include <sys/stat.h>

#include <cctype>
#include <cstdio>
#include <sstream>
#include <tuple>

#include <CLI/CLI.hpp>

#include "bench/cipher_options.hpp"
#include "bench/fanout_options.hpp"
#include "bench/keygen_options.hpp"
#include "bench/builtin.hpp"
#include "bench/output_options.hpp"
#include "bench/common/tls_options.hpp"
#include "bench/harness/value_list.hpp"
#include "crypto/registry.hpp"

namespace actorbench::bench {

namespace {

// Format, output and plot options of one (sub)command, as typed.
struct output_values {
  std::string format = "table";
  std::string output;
  std::string plot;
};

void add_output_options(CLI::App& app, output_values& v, bool with_plot) {
  app.add_option("--format", v.format, "Output: table, json, csv or markdown")
    ->default_str(v.format);
  app.add_option("--output", v.output, "Write the output to FILE instead of standard output");
  if (with_plot)
    app.add_option("--plot", v.plot,
                   "Also draw the results to FILE.svg or FILE.png (needs gnuplot)");
}

// Every command whose memory grows with a count (--procs, --keys, ...) takes
// --max-memory; its check is check_memory_estimate (bench/harness/memory_budget.hpp).
void add_max_memory_option(CLI::App& app, std::string& value) {
  app
    .add_option("--max-memory", value,
                "Refuse, before any work, a run whose memory estimate exceeds this size "
                "(512M, 4G; K, M, G, T are powers of 1024)")
    ->default_str("the available memory");
}

result<saved_results_options> validate_saved(const CLI::App& app, const output_values& v,
                                             std::vector<std::string> files) {
  saved_results_options out;
  out.files = std::move(files);
  auto format = parse_format(v.format);
  if (!format)
    return format.err();
  out.format = *format;
  if (app.count("--output") > 0) {
    auto ok = check_output_path("--output", v.output);
    if (!ok)
      return ok.err();
    out.output_path = v.output;
  }
  if (const auto* plot = app.get_option_no_throw("--plot"); plot && plot->count() > 0) {
    auto ok = check_plot_path(v.plot);
    if (!ok)
      return ok.err();
    out.plot_path = v.plot;
  }
  // A report written over its input would lose the saved results.
  for (const auto& input : out.files) {
    if (auto ok = refuse_same_file("--output", out.output_path, "the input", input); !ok)
      return ok.err();
    if (auto ok = refuse_same_file("--plot", out.plot_path, "the input", input); !ok)
      return ok.err();
  }
  if (auto ok = refuse_same_file("--plot", out.plot_path, "--output", out.output_path); !ok)
    return ok.err();
  return out;
}

// CLI11 reads any --config path that exists, so a device (/dev/zero,
// /dev/urandom) would never end; a missing file passes here and gets CLI11's
// own error, and a pipe (--config <(...)) is read like a file.
std::string not_a_device(std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) == 0
      && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode)))
    return "'" + path + "' is a device or socket, not a file";
  return "";
}

// An option given an empty value (--threads '', or `threads =` in a scenario
// file) would otherwise quietly mean its default.
result<bool> refuse_empty_values(const CLI::App& app) {
  for (const auto* opt : app.get_options()) {
    if (opt->get_expected_min() == 0) // a flag
      continue;
    for (const auto& value : opt->results())
      if (value.empty()) {
        auto what = opt->get_description();
        if (what.size() > 1 && std::islower(static_cast<unsigned char>(what[1])))
          what[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(what[0])));
        return bad_input("invalid " + opt->get_name() + " '': expected a value: " + what);
      }
  }
  for (const auto* sub : app.get_subcommands())
    if (auto ok = refuse_empty_values(*sub); !ok)
      return ok;
  return true;
}

} // namespace

result<command> parse_command_line(int argc, const char* const* argv) {
  CLI::App app{
    "actorbench: one collector actor and N lightweight sender actors on CAF; "
    "each sender decrypts an AES-CTR \"Hello World!\" and replies (the Erlang "
    "experiment of seed 001). Subcommands re-print and compare saved results.",
    "actorbench"};
  fanout_cli_values raw;
  output_values out_values;
  app
    .add_option("--procs", raw.procs,
                "Sender actors per run, 1..100000000; a list 1000,10000 or a range "
                "1000..1000000x10 scans")
    ->default_str(raw.procs);
  app.add_option("--crypto", raw.crypto, "Decrypt in each sender: on, off, or on,off")
    ->default_str(raw.crypto);
  app
    .add_option("--backend", raw.backend,
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
  app
    .add_option("--spawn", raw.spawn,
                "Who spawns the senders: chain (spawner actors on the scheduler's workers, "
                "in chunks), main (the calling thread, one by one), or both")
    ->default_str(raw.spawn);
  app
    .add_option("--context", raw.context,
                "Where a sender's cipher context comes from: per-thread (cached per scheduler "
                "thread, reused by every sender it runs), per-actor (each clones a keyed one), "
                "per-message (created, keyed and freed per decrypt, the naive way), or a list")
    ->default_str(raw.context);
  app
    .add_option("--timeout", raw.timeout,
                "Seconds one run may take before it fails; with --nodes also the longest "
                "wait for each node to answer its connection")
    ->default_str("60 + 20 us per actor; a node's connection 10");
  app
    .add_option("--clock", raw.clock,
                "Actor clock: lean (skips cancelling timeouts no actor set; see "
                "actors/runtime/lean_scheduler.hpp), caf (CAF 0.17's own), or both")
    ->default_str(raw.clock);
  app
    .add_option("--pin", raw.pin,
                "Pin the actor system's threads to these CPUs, round robin (e.g. 0,1)")
    ->default_str("not pinned");
  app
    .add_option("--nodes", raw.nodes,
                "Worker nodes (actorbench node) as HOST:PORT,...: the senders are split "
                "evenly between this process and them, through CAF's middleman")
    ->default_str("none");
  add_tls_options(app, raw.tls);
  app
    .add_option("--reference", raw.reference,
                "Which configuration (1 = the first) the others are compared to")
    ->default_str(raw.reference);
  app.add_flag("--shuffle", raw.shuffle,
               "Random order of configurations within each round (default A B C, A B C)");
  app.add_option("--seed", raw.seed, "Seed of --shuffle, to repeat an order")
    ->default_str("random, printed");
  add_output_options(app, out_values, true);
  add_max_memory_option(app, raw.max_memory);
  app
    .set_config("--config", "",
                "Read options from a TOML or INI file (key = \"value\" per option, e.g. "
                "procs = \"10000,100000\"); options on the command line override it")
    ->check(CLI::Validator{not_a_device, "FILE"});
  // A misspelt key in a scenario file must not be silently ignored.
  app.allow_config_extras(false);
  app.add_flag("--quiet", raw.quiet,
               "No progress bar (it is drawn only when stderr is a terminal)");
  app.add_flag("--list", raw.list, "List back-ends and ciphers with availability, then exit");

  std::vector<std::string> report_files;
  output_values report_values;
  auto* report_cmd = app.add_subcommand(
    "report", "Re-print saved JSON results in any format, merging several files");
  report_cmd->add_option("files", report_files, "JSON files written with --format json")
    ->required();
  add_output_options(*report_cmd, report_values, true);

  std::string old_file, new_file;
  output_values diff_values;
  auto* diff_cmd = app.add_subcommand(
    "diff", "Compare two saved JSON runs result by result (ratio, error, p-value)");
  diff_cmd->add_option("old", old_file, "The earlier run's JSON file")->required();
  diff_cmd->add_option("new", new_file, "The later run's JSON file")->required();
  add_output_options(*diff_cmd, diff_values, false);

  cipher_cli_values cipher_values;
  output_values cipher_out;
  bool cipher_quiet = false;
  auto* cipher_cmd = app.add_subcommand(
    "cipher",
    "Decrypt microbenchmark (the Cassandra experiment): every back-end x cipher x "
    "context strategy x size, JMH-style, interleaved");
  cipher_cmd->add_option("--backend", cipher_values.backend, "Back-ends: a list or all")
    ->default_str(cipher_values.backend);
  cipher_cmd->add_option("--cipher", cipher_values.cipher, "Ciphers: a list or all")
    ->default_str(cipher_values.cipher);
  cipher_cmd
    ->add_option("--context", cipher_values.context,
                 "per-message, per-actor, per-thread, or a list")
    ->default_str(cipher_values.context);
  cipher_cmd
    ->add_option("--sizes", cipher_values.sizes, "Plaintext bytes per message: a list or range")
    ->default_str(cipher_values.sizes);
  cipher_cmd
    ->add_option("--threads", cipher_values.threads,
                 "Benchmark threads, each with its own contexts")
    ->default_str(cipher_values.threads);
  cipher_cmd->add_option("--warmup", cipher_values.warmup, "Warm-up iterations per case")
    ->default_str(cipher_values.warmup);
  cipher_cmd->add_option("--iterations", cipher_values.iterations, "Measured iterations per case")
    ->default_str(cipher_values.iterations);
  cipher_cmd->add_option("--time", cipher_values.time_ms, "Milliseconds per iteration")
    ->default_str(cipher_values.time_ms);
  cipher_cmd
    ->add_option("--reference", cipher_values.reference,
                 "Which case (1 = the first) the others are compared to")
    ->default_str("openssl/aes-128-ctr/per-actor");
  add_output_options(*cipher_cmd, cipher_out, false);
  cipher_cmd->add_flag("--quiet", cipher_quiet, "No progress bar");

  keygen_cli_values keygen_values;
  output_values keygen_out;
  bool keygen_quiet = false;
  auto* keygen_cmd =
    app.add_subcommand("keygen",
                       "Key generation scaling across worker actors (the RSA/DH experiment of seed "
                       "002): seconds per key and thread-seconds per key by threads x size");
  keygen_cmd->add_option("--algo", keygen_values.algo, "rsa, dh, ec, x25519 or ed25519")
    ->default_str(keygen_values.algo);
  keygen_cmd
    ->add_option("--bits", keygen_values.bits,
                 "Key sizes: RSA modulus, DH prime, EC curve (256, 384); a list or range")
    ->default_str(keygen_values.bits);
  keygen_cmd
    ->add_option("--threads", keygen_values.threads,
                 "Worker actors, each on its own thread; a list or range (1..64)")
    ->default_str(keygen_values.threads);
  keygen_cmd->add_option("--keys", keygen_values.keys, "Keys generated per cell")
    ->default_str(keygen_values.keys);
  keygen_cmd
    ->add_option("--backend", keygen_values.backend, "openssl, or sodium for x25519 and ed25519")
    ->default_str(keygen_values.backend);
  keygen_cmd
    ->add_option("--time-limit", keygen_values.time_limit,
                 "Seconds for the whole command; cells cut short are marked partial")
    ->default_str("none");
  keygen_cmd->add_option("--dump-keys", keygen_values.dump_keys,
                         "Write every generated private key (PEM) to FILE, mode 0600; "
                         "otherwise keys are never written or printed");
  add_output_options(*keygen_cmd, keygen_out, true);
  add_max_memory_option(*keygen_cmd, keygen_values.max_memory);
  keygen_cmd->add_flag("--quiet", keygen_quiet, "No progress bar and no announcements");

  // Set after the subcommands: CLI11 copies the parent's footer into each
  // subcommand made after it, and the notes below are the fan-out's alone.
  for (auto* sub : app.get_subcommands([](CLI::App*) { return true; }))
    sub->footer("Exit codes: 0 ok, 1 the run failed, 2 bad input (one line on stderr).");
  app.footer(
    "Examples:\n"
    "  actorbench --procs 100000 --crypto on\n"
    "  actorbench --procs 10000 --crypto on --backend sodium --cipher xchacha20\n"
    "  actorbench --procs 100000 --crypto on --format json --output run.json\n"
    "  actorbench --procs 10000,100000 --crypto off,on      (the seed's table)\n"
    "  actorbench --procs 100000 --crypto on --cipher all   (every cipher, compared)\n"
    "  actorbench node --listen 4242 &  actorbench --procs 100000 --crypto on --nodes "
    "127.0.0.1:4242\n\n"
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
  } catch (const CLI::ValidationError& e) {
    return bad_input(std::string{"invalid "} + e.what());
  } catch (const CLI::FileError& e) {
    return bad_input(std::string{"invalid --config: "} + e.what());
  } catch (const CLI::ConfigError& e) {
    return bad_input(std::string{"invalid --config: "} + e.what());
  } catch (const CLI::ParseError& e) {
    return bad_input(e.what());
  }
  if (auto ok = refuse_empty_values(app); !ok)
    return ok.err();
  if (cipher_cmd->parsed()) {
    auto opts = validate_cipher(cipher_values);
    if (!opts)
      return opts.err();
    auto format = parse_format(cipher_out.format);
    if (!format)
      return format.err();
    opts->format = *format;
    if (cipher_cmd->count("--output") > 0) {
      auto ok = check_output_path("--output", cipher_out.output);
      if (!ok)
        return ok.err();
      opts->output_path = cipher_out.output;
    }
    opts->quiet = cipher_quiet;
    command cmd;
    cmd.what = command::action::cipher;
    cmd.cipher = std::move(*opts);
    return cmd;
  }
  if (keygen_cmd->parsed()) {
    keygen_values.dump_keys_given = keygen_cmd->count("--dump-keys") > 0;
    auto opts = validate_keygen(keygen_values);
    if (!opts)
      return opts.err();
    auto format = parse_format(keygen_out.format);
    if (!format)
      return format.err();
    opts->format = *format;
    if (keygen_cmd->count("--output") > 0) {
      auto ok = check_output_path("--output", keygen_out.output);
      if (!ok)
        return ok.err();
      opts->output_path = keygen_out.output;
    }
    if (keygen_cmd->count("--plot") > 0) {
      auto ok = check_plot_path(keygen_out.plot);
      if (!ok)
        return ok.err();
      opts->plot_path = keygen_out.plot;
    }
    if (auto ok = refuse_same_file("--plot", opts->plot_path, "--output", opts->output_path); !ok)
      return ok.err();
    if (auto ok =
          refuse_same_file("--output", opts->output_path, "--dump-keys", opts->dump_keys_path);
        !ok)
      return ok.err();
    if (auto ok = refuse_same_file("--plot", opts->plot_path, "--dump-keys", opts->dump_keys_path);
        !ok)
      return ok.err();
    opts->quiet = keygen_quiet;
    command cmd;
    cmd.what = command::action::keygen;
    cmd.keygen = std::move(*opts);
    return cmd;
  }
  std::vector<std::string> diff_files{old_file, new_file};
  command cmd;
  for (auto [sub, what, values, files] :
       {std::tuple{report_cmd, command::action::report, &report_values, &report_files},
        std::tuple{diff_cmd, command::action::diff, &diff_values, &diff_files}}) {
    if (sub->parsed()) {
      auto saved = validate_saved(*sub, *values, *files);
      if (!saved)
        return saved.err();
      cmd.what = what;
      cmd.saved = std::move(*saved);
      return cmd;
    }
  }
  raw.format = out_values.format;
  raw.output = out_values.output;
  raw.output_given = app.count("--output") > 0;
  raw.plot = out_values.plot;
  raw.plot_given = app.count("--plot") > 0;
  if (raw.list) {
    cmd.what = command::action::list;
    cmd.text = describe_backends();
    return cmd;
  }
  auto opts = validate_fanout(raw);
  if (!opts)
    return opts.err();
  cmd.options = std::move(*opts);
  return cmd;
}

} // namespace actorbench::bench
