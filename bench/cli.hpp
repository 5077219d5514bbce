#pragma once

#include <string>

#include "bench/error.hpp"
#include "bench/fanout_benchmark.hpp"

namespace actorbench::bench {

/// How results are written.
enum class output_format { table, json, csv };

/// Everything the command line asked for, validated.
struct cli_options {
  fanout_config fanout;
  output_format format = output_format::table;
  /// Where the formatted results go; empty for standard output.
  std::string output_path;
};

/// What the command should do.
struct command {
  enum class action { run, help, list };
  action what = action::run;
  cli_options options;
  /// The text to print for help and list.
  std::string text;
};

/// Parses and validates argv. Bad input comes back as an errc::bad_input
/// error whose message is one line naming the bad value and what is valid.
result<command> parse_command_line(int argc, const char* const* argv);

/// The --list text: every back-end and cipher, with availability.
std::string describe_backends();

} // namespace actorbench::bench
