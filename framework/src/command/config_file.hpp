#pragma once

#include <istream>
#include <string>
#include <vector>

#include "command/option_spec.hpp"
#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"

namespace actorbench::bench {

/// A --config file as read: keys by section, values as typed.
struct config_file {
  std::string path;
  /// Section ("" for the keys above any [section]) -> key -> text as the
  /// command line would give it: a TOML array is joined into a comma list,
  /// a float keeps its point ("1000.0"), true and false stay words.
  by_name<by_name<std::string>> sections;
  /// Section -> key -> the line it is set on, for errors.
  by_name<by_name<std::size_t>> lines;
};

/// Parses TOML 1.0 (toml++): a UTF-8 byte-order mark is skipped, multi-line
/// strings read as TOML reads them. bad_input "invalid --config 'PATH': ..."
/// for what is not TOML (naming the line), a key or section given twice
/// (naming it and the line), a section inside a section, or a value no
/// option takes (a table or a list of lists).
result<config_file> parse_config(std::istream& in, const std::string& path);

/// Opens and parses `path` (read_input_file); refuses, before any wait, what
/// is not a regular file (a directory, a FIFO, a device or a socket, which
/// might never answer or never end), a file over 1 MiB, and one whose read
/// fails (EIO), with the reason: never an empty file instead.
result<config_file> read_config_file(const std::string& path);

/// Who reads a --config file: every target's options, for checking every
/// section, and the target the command line picked.
struct config_reader {
  std::string program;
  /// The scenario of the keys above any section; empty: such keys are errors.
  std::string default_scenario;
  /// Target name -> its options.
  by_name<std::vector<option_spec>> targets;
};

/// The settings of `target` from `file` (option name -> text, aliases and
/// snake_case keys resolved, true/false as on/off for flags): the top-level
/// keys for the default scenario, and its [target] section. Every section
/// and key is checked, for every target: an unknown one is an error naming
/// the file and the key; an option set twice for one target (at the top
/// level and in [fanout], or as `max_memory` and `max-memory`) is an error
/// naming both lines. A file with settings only for other targets is an
/// error naming them.
result<by_name<std::string>> config_values(const config_file& file, const config_reader& reader,
                                           const std::string& target);

} // namespace actorbench::bench
