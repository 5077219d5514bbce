#pragma once

#include <string>
#include <vector>

#include "command/command_line.hpp"
#include "command/config_file.hpp"
#include "command/help_text.hpp"
#include "bench/command/main.hpp"
#include "command/option_spec.hpp"
#include "command/tool_outline.hpp"

namespace actorbench::bench {

/// What bench::main knows of its targets, from the registry and
/// main_options: their names, options and help.
class command_catalog {
 public:
  command_catalog(const registry& r, const main_options& o);

  /// The names split_argv picks from.
  const line_names& names() const { return names_; }
  /// Every target's options, for --config.
  const config_reader& reader() const { return reader_; }
  /// `PROGRAM --help`.
  std::string overview_text() const;
  /// `PROGRAM NAME --help`.
  std::string help_text(target_kind kind, const std::string& name) const;
  /// Every target with its usage, summary and options: what the man page
  /// and the completion script are made from.
  tool_outline outline() const;
  /// The options of a target of names(); bad_input when a scenario or
  /// command declares a parameter under a name another option has.
  result<const std::vector<option_spec>*> options_of(const std::string& name) const;
  const scenario* find_scenario(const std::string& name) const;
  const command_decl* find_command(const std::string& name) const;

 private:
  void add_target(const std::string& name, std::vector<option_spec> specs);
  std::string usage_of(target_kind kind, const std::string& name) const;
  std::string summary_of(target_kind kind, const std::string& name) const;
  target_outline outline_of(target_kind kind, const std::string& name) const;

  const registry& registry_;
  const main_options& options_;
  line_names names_;
  config_reader reader_;
};

} // namespace actorbench::bench
