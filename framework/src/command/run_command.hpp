#pragma once

#include <string>
#include <vector>

#include "command/command_context.hpp"
#include "command/run_settings.hpp"
#include "bench/harness/results.hpp"
#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// One scenario invocation, parsed and checked up to the plan.
struct run_request {
  const scenario* target = nullptr;
  /// Parameter name -> text as typed, for make_plan.
  by_name<std::string> texts;
  run_settings settings;
  tool_info tool;
  /// The whole command line, program first, for the results.
  std::vector<std::string> command_line;
};

/// Plans, runs (progress bar on a terminal unless --quiet; SIGINT and
/// SIGTERM stop after the run in progress), writes, plots. Exit code: 0; 1
/// when the runs failed, a check is not 0 ("3 wrong_plaintext in 1000 procs:
/// the results are not valid") or a signal stopped them (the results measured
/// so far are written first); 2 for bad input. --dry-run prints the plan.
int run_scenario(const run_request& request, const command_context& ctx);

} // namespace actorbench::bench
