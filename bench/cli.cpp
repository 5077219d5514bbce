#include "bench/cli.hpp"

#include <sys/stat.h>

#include <cctype>
#include <cstdio>
#include <sstream>

#include <CLI/CLI.hpp>

#include "bench/cipher_options.hpp"
#include "bench/keygen_options.hpp"
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
  app
    .set_config("--config", "",
                "Read options from a TOML or INI file (key = \"value\" per option, e.g. "
                "procs = \"10000,100000\"); options on the command line override it")
    ->check(CLI::Validator{not_a_device, "FILE"});
  // A misspelt key in a scenario file must not be silently ignored.
  app.allow_config_extras(false);

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

  for (auto* sub : app.get_subcommands([](CLI::App*) { return true; }))
    sub->footer("Exit codes: 0 ok, 1 the run failed, 2 bad input (one line on stderr).");

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
  // Everything else runs on bench::main (bench/main.cpp); this parser sees
  // only the commands not moved there yet.
  return bad_input("no command given: expected cipher or keygen");
}

} // namespace actorbench::bench
