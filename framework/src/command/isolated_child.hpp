#pragma once

#include <vector>

#include "command/command_context.hpp"
#include "command/run_command.hpp"

namespace actorbench::bench {

/// With --isolate process: what the runner needs to start a child for each
/// run (this command line, the reader of the child's record).
void prepare_isolation(harness_settings& harness, const run_request& request);

/// The child process's side (--isolate-child): starts the session of the
/// same plan, makes the one run asked for, outside any timing but its own,
/// and writes it as results JSON (one configuration, one run) on stdout.
/// Exit code 0, or the error's (its line on stderr) for the parent to report.
int run_isolated_child(const run_request& request, std::vector<configuration> plan,
                       const command_context& ctx);

} // namespace actorbench::bench
