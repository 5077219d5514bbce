#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace actorbench::bench {

/// What kind of value a parameter takes; it decides the parsing, the --help
/// placeholder and the type of the value in configuration, JSON and CSV.
enum class param_type {
  /// A whole number in [min, max] (std::int64_t).
  integer,
  /// A byte count in [min, max] with optional K, M, G suffix (std::int64_t bytes).
  size,
  /// A time in [min, max] nanoseconds: "10", "250ms", "2s" (double seconds).
  duration,
  /// One of `words` (std::string).
  word,
  /// on or off (bool); the bare option --name means on.
  flag,
  /// Free text: names, paths, lists of CPUs (std::string); never scanned.
  text,
};

/// The parameter applies only while another parameter has one of some words;
/// elsewhere it is n/a and does not multiply the combinations ("cipher" only
/// with "crypto" on).
struct applies_when {
  std::string param;
  std::vector<std::string> words;
};

/// What a parameter in seconds says of how long one run takes, for
/// --dry-run's estimate: nothing, the run's length (cipher --time, zone
/// --duration), or the most a run may take before it fails (a --timeout).
enum class run_time_role { none, length, limit };

/// One declared parameter of a scenario (JMH's @Param): `--name` on the
/// command line, `name` in a --config section, snake_case of it in JSON and
/// CSV ("tick-hz" -> "tick_hz").
struct param_decl {
  std::string name;
  param_type type = param_type::integer;
  /// The default as it would be typed, e.g. "10000", "on", "1s"; empty: the
  /// scenario resolves it in start() (for example one thread per core).
  std::string default_value;
  /// Shown in --help instead of default_value when set, e.g. "one per core".
  std::string default_help;
  /// Inclusive range: integer and size in their unit, duration in nanoseconds.
  std::int64_t min = 0;
  std::int64_t max = 0;
  /// The words of a word parameter; "all" on the command line means every one.
  std::vector<std::string> words;
  /// Older words still accepted and passed on as typed, never listed and
  /// not part of "all", e.g. libsodium's "chacha20-poly1305-ietf".
  std::vector<std::string> word_aliases;
  /// What a bare duration number means: "s" or "ms".
  std::string bare_unit = "s";
  /// The unit shown in tables and --help, e.g. "actors", "bytes", "s".
  std::string unit;
  std::string help;
  /// Whether a list or range scans it ("1000,10000", "1..8", "a,b");
  /// false: one value per invocation.
  bool scan = true;
  /// Older spellings still accepted, e.g. "sizes" for "size".
  std::vector<std::string> aliases;
  /// The --help section: "parameters" unless set.
  std::string group = "parameters";
  /// Unset param: always applies.
  applies_when only_if;
  /// A text parameter naming a file the run writes (keygen's --dump-keys):
  /// --output and --plot must name other files.
  bool writes_file = false;
  run_time_role run_time = run_time_role::none;
};

/// "tick-hz" -> "tick_hz": the key of a parameter or metric in JSON and CSV.
std::string snake_case(const std::string& name);

} // namespace actorbench::bench
