#pragma once

#include <string>
#include <vector>

#include "bench/harness/declaration.hpp"

namespace actorbench::bench {

/// One option of a target's command line, as parsed and as --help shows it.
struct option_spec {
  /// kebab-case, without "--".
  std::string name;
  /// Older spellings that mean the same option.
  std::vector<std::string> aliases;
  /// false: a flag, where `--name` means on and `--name=off` off.
  bool takes_value = true;
  /// true and false in a --config file mean on and off.
  bool on_off = false;
  /// What --help shows after the name: "N[,N…]|A..B[xK|+K]", "FILE".
  std::string placeholder;
  /// The --help text, with range and default.
  std::string help;
  /// The --help section it is listed in.
  std::string group;
  /// A declared parameter: its text goes to make_plan as typed.
  bool param = false;
  /// Not shown by --help: the harness's own (--isolate-child).
  bool hidden = false;
  /// The closed set of values it takes, for completion; empty: any text.
  std::vector<std::string> words;
  /// A one-letter name after a single dash ("o": `-o FILE`, "h": `-h`), or none.
  std::string short_name = {};
};

/// The --help sections of the options every scenario has.
inline constexpr const char* harness_group = "harness options";
inline constexpr const char* output_group = "output options";
/// The section of the options that need no scenario (--config, --version).
inline constexpr const char* tool_group = "options";

/// The options of a declaration's parameters, in declaration order.
std::vector<option_spec> param_options(const declaration& d);

/// The options every scenario run has (--runs ... --dry-run, --format ...
/// --time-unit); `views` are the names of the scenario's views, the first
/// the default table.
std::vector<option_spec> run_options(const declaration& d, const std::vector<std::string>& views);

/// The options of `report FILE...`.
std::vector<option_spec> report_command_options();

/// The options of `diff OLD NEW`.
std::vector<option_spec> diff_command_options();

/// The options that need no target: --config, --list (with `has_list`),
/// --help (-h), --version.
std::vector<option_spec> tool_options(const std::string& program, bool has_list);

/// The help text with the other names the option answers to: "(also --sizes)".
std::string help_with_aliases(const option_spec& s);

/// The option's value names a file (its placeholder is FILE).
bool takes_file(const option_spec& s);

/// The option named `name` or one of its aliases, or null.
const option_spec* find_option(const std::vector<option_spec>& specs, const std::string& name);

/// The option of `specs` whose short_name is `letter`, or null.
const option_spec* find_short_option(const std::vector<option_spec>& specs,
                                     const std::string& letter);

} // namespace actorbench::bench
