#pragma once

#include <string>
#include <vector>

#include "command/option_spec.hpp"
#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"

namespace actorbench::bench {

/// A target's words read against its options.
struct parsed_options {
  /// Option name (aliases resolved) -> its text as typed; a bare flag is "on".
  by_name<std::string> values;
  /// Option name -> the older spelling (alias) it was given as, for the
  /// error lines: "invalid --sizes 'big'" where --sizes was typed.
  by_name<std::string> spellings;
  /// Words that are no option or option value (report's files).
  std::vector<std::string> positionals;
};

/// Who the words are for, for the error lines: "unknown option '--procz'
/// for fanout; see actorbench fanout --help".
struct parse_target {
  std::string program;
  std::string name;
};

/// Reads `--name VALUE`, `--name=VALUE` and flags (`--name`, `--name=off`).
/// Errors (bad_input): an unknown option, a value missing or empty, an
/// option given twice.
result<parsed_options> parse_options(const std::vector<std::string>& words,
                                     const std::vector<option_spec>& specs,
                                     const parse_target& target);

/// "see actorbench fanout --help".
std::string help_hint(const parse_target& target);

} // namespace actorbench::bench
