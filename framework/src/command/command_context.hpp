#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "command/run_settings.hpp"
#include "bench/error.hpp"

namespace actorbench::bench {

/// The streams and name of one bench::main call: the only place the
/// command layer prints to.
struct command_context {
  /// The tool's name, first on each error line: "actorbench: ...".
  std::string program;
  std::ostream& out;
  std::ostream& err;
  /// `out` is the process's standard output (checked with
  /// flush_standard_output when results are written).
  bool standard_out = false;
  /// `err` is a terminal: a progress bar may be drawn on it.
  bool terminal_err = false;
  /// Option name -> the alias it was typed as (parsed_options::spellings).
  by_name<std::string> spellings;
};

/// Prints "PROGRAM: MESSAGE" on err, an option given by an alias named as
/// typed; returns the error's exit code.
int report_failure(const command_context& ctx, const error& e);

/// Writes what `write` produces in `format`, as the commands always have:
/// to --output through an output_file when it is set, else to out; with
/// --output in another format than table, or when the file could not be
/// written, the table goes to out too. The first error is returned (out's
/// own write errors included).
result<void> publish(const command_context& ctx, const output_settings& settings,
                     const std::function<void(std::ostream&, results_format)>& write);

} // namespace actorbench::bench
