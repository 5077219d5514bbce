#pragma once

#include <string>
#include <vector>

#include "command/option_spec.hpp"
#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// Longest --help line in code points.
inline constexpr std::size_t help_width = 100;

/// A name and its one-line summary in the overview.
struct help_entry {
  std::string name;
  std::string summary;
};

/// What `PROGRAM --help` lists.
struct overview {
  std::string program;
  std::vector<help_entry> scenarios;
  /// The commands (serve, node); report and diff are added.
  std::vector<help_entry> commands;
  /// The scenario run when none is named; empty: none.
  std::string default_scenario;
  /// The tool has --list.
  bool has_list = false;
};

/// `PROGRAM --help`: usage, the scenarios, the commands, the options that
/// need no scenario, exit codes. No line is over help_width code points.
std::string overview_help(const overview& o);

/// `PROGRAM TARGET --help`: usage, summary, then the options by their group
/// in order of first appearance, then --config and --help.
std::string target_help(const std::string& usage, const std::string& summary,
                        const std::vector<option_spec>& specs);

/// "actorbench 0.2.0 (git 6b96016, allocator mimalloc)".
std::string version_line(const tool_info& tool);

/// `text` in lines of at most `width` code points, broken at spaces; a word
/// longer than a line is cut.
std::vector<std::string> wrap_words(const std::string& text, std::size_t width);

} // namespace actorbench::bench
