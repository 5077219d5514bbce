#pragma once

#include <set>
#include <string>
#include <vector>

#include "bench/error.hpp"

namespace actorbench::bench {

/// What a command line asks for, by the name it picks.
enum class target_kind {
  /// A registered scenario: run it.
  scenario,
  /// A command of main_options::commands (serve, node).
  command,
  /// `report FILE...`: re-print saved results.
  report,
  /// `diff OLD NEW`: compare two saved results.
  diff,
  /// `man`: print the manual page.
  man,
  /// `completion SHELL`: print a shell's completion script.
  completion,
};

/// The targets every tool has besides its scenarios and commands.
inline constexpr target_kind builtin_targets[] = {target_kind::report, target_kind::diff,
                                                  target_kind::man, target_kind::completion};

/// The name of one of builtin_targets ("report", "diff", "man", "completion").
std::string builtin_target_name(target_kind kind);

/// The names a command line can pick from, and which options take a value
/// (so that `--cipher fanout` or `--output keygen` is not read as a name).
struct line_names {
  std::vector<std::string> scenarios;
  /// Not counting builtin_targets, which every tool has.
  std::vector<std::string> commands;
  /// The scenario when none is named; empty: the only scenario, if one.
  std::string default_scenario;
  /// Every option that takes a value in any scenario or command, as spelled
  /// ("--output", "-o"): the next word is its value, never a name.
  std::set<std::string> value_options;
  /// The tool has --list (main_options::list).
  bool has_list = false;
};

/// The command line split: the target it names and everything else.
struct split_line {
  target_kind kind = target_kind::scenario;
  /// The scenario or command; empty when the line names none and there is
  /// no default (only --help and --version can work then).
  std::string target;
  /// The target was named on the line, not taken as the default.
  bool named = false;
  /// The other words in order, without the name, --config, --help, --version.
  std::vector<std::string> args;
  /// The first word before any name that is neither an option nor an
  /// option's value: on a line that names no target, a mistyped name.
  std::string stray;
  /// The file of --config FILE or --config=FILE; empty without one.
  std::string config;
  bool help = false;
  bool version = false;
  /// --list, when the tool has it.
  bool list = false;
};

/// Splits the words after the program name. The first word that is a
/// scenario or command name, and not the value of a value-taking option,
/// picks the target; --config, --help (-h), --version and --list (when the
/// tool has it) are taken out from anywhere, and a first word `help` is --help. Errors: --config without a file or given twice.
result<split_line> split_argv(const std::vector<std::string>& words, const line_names& names);

} // namespace actorbench::bench
