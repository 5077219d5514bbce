#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "bench/harness/configuration.hpp"
#include "bench/harness/declaration.hpp"
#include "bench/harness/registry.hpp"
#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// A command that is not a benchmark (serve, node): parameters parsed and
/// documented from its declaration like a scenario's, then `run` with the
/// resolved values. It returns the exit code.
struct command_decl {
  declaration params;
  std::function<int(const configuration&, std::ostream& out, std::ostream& err)> run;
};

/// How bench::main presents itself.
struct main_options {
  tool_info tool;
  /// What the tool is, in one line, for its manual page ("run benchmark
  /// scenarios" when empty).
  std::string summary;
  /// The scenario run when the command line names none (actorbench: "fanout");
  /// empty: the only registered scenario, else an error.
  std::string default_scenario;
  std::vector<command_decl> commands;
  /// The text of `--list` (back-ends and ciphers), as JSON when asked with
  /// `--format json`; empty: no --list.
  std::function<std::string(bool json)> list;
  std::ostream* out = nullptr; // standard output when null
  std::ostream* err = nullptr; // standard error when null
};

/// The whole command: `PROGRAM [SCENARIO] [OPTIONS]`, `report FILE...`,
/// `diff OLD NEW`, `man`, `completion SHELL`, `--help`, `--version`, the
/// commands. Parses the command line from the declarations, runs, writes. Returns the exit code: 0,
/// 1 for a runtime failure or failed checks, 2 for bad input (one line on err).
int main(int argc, const char* const* argv, const registry& r, const main_options& o);

/// main() with default_registry() and the tool named by argv[0]: what a
/// user's program calls after adding its scenarios.
int main(int argc, const char* const* argv);

} // namespace actorbench::bench
