#pragma once

#include <string>
#include <vector>

#include "command/command_line.hpp"
#include "command/option_spec.hpp"

namespace actorbench::bench {

/// One scenario or command as --help shows it: the man page and the
/// completion script are made from these, so all three agree.
struct target_outline {
  target_kind kind = target_kind::scenario;
  std::string name;
  /// "actorbench zone [OPTIONS]".
  std::string usage;
  std::string summary;
  /// Its options in --help order (hidden ones included; readers skip them).
  std::vector<option_spec> options;
  /// Its arguments name files (report FILE..., diff OLD NEW).
  bool file_arguments = false;
  /// The words its one argument may be (the shells of completion SHELL).
  std::vector<std::string> argument_words;
};

/// Everything the tool's command line offers.
struct tool_outline {
  std::string program;
  std::string version;
  /// One line of what the tool is.
  std::string summary;
  std::vector<target_outline> scenarios;
  /// The commands (serve, node), then report, diff, man, completion and help.
  std::vector<target_outline> commands;
  /// The scenario run when none is named; empty: none.
  std::string default_scenario;
  /// The tool has --list.
  bool has_list = false;
};

/// The outline of `name` among t's scenarios and commands, or null.
const target_outline* find_target(const tool_outline& t, const std::string& name);

} // namespace actorbench::bench
