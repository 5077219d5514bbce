#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"

namespace actorbench::bench {

struct run_result;

/// How the runs of a configuration are isolated from the others'.
enum class isolation_mode {
  /// All runs in this process, one after the other (the default).
  in_process,
  /// Each run in a fresh child process (--isolate process).
  process,
};

/// "in-process" or "process", as the JSON names them.
std::string to_string(isolation_mode mode);

/// --isolate's text: none (also in-process) or process.
result<isolation_mode> parse_isolation(const std::string& text);

/// Which run a child process makes: what run_loop::run_one was asked for.
struct child_run {
  std::size_t config = 0;
  std::size_t index = 0;
  bool warmup = false;
  std::size_t planned_runs = 0;
  bool probing = false;
};

/// The hidden option's value naming a child's run: "CONFIG,INDEX,WARMUP,PLANNED,PROBING".
std::string to_text(const child_run& run);

/// The hidden option's value back; bad_input naming it otherwise.
result<child_run> parse_child_run(const std::string& text);

/// The name of the hidden option a child process is started with.
inline constexpr const char* child_option = "isolate-child";

/// What the runner needs to make runs in child processes. Not written to
/// the results apart from the mode.
struct isolation_settings {
  isolation_mode mode = isolation_mode::in_process;
  /// The binary a child runs: this one (tests give another).
  std::string program = "/proc/self/exe";
  /// The command line that makes the same plan (program first, --isolate
  /// left out); the child gets --isolate-child RUN after it.
  std::vector<std::string> command_line;
  /// Seconds a child may take beyond its run's own timeout (its start-up:
  /// the plan, the session, an actor system) before it counts as hung.
  double startup_allowance_s = 30;
  /// Untimed warm-up runs a child makes before the measured run it was asked
  /// for (child_warmup_runs of --warmup); 0 in-process. A child's first run
  /// in a fresh process is cold (page faults, caches): ~30% slower than the
  /// in-process runs it is compared with (bench/NOTEBOOK.md, "Warm isolated
  /// runs").
  std::size_t child_warmups = 0;
  /// Decodes the child's one line of output (the command's JSON reader:
  /// the harness does not parse JSON itself).
  std::function<result<run_result>(const std::string&)> read_run;
};

/// The warm-up runs a child makes before its measured run: the
/// configuration's --warmup count, at least one.
std::size_t child_warmup_runs(std::size_t warmup);

/// Seconds a child making `runs` runs of `c` may take before it counts as
/// hung: per run its "timeout" parameter when the scenario has one and it
/// is set, else 10 minutes; plus the start-up allowance.
double child_wait_s(const isolation_settings& settings, const configuration& c,
                    std::size_t runs = 1);

/// Makes one run in a fresh child process: starts it with the command line
/// and --isolate-child, passes its stderr through, reads its record from
/// its stdout. A stop forwards SIGINT to the child (which ends its run as
/// partial); a child that outlives `wait_s` is killed. A child that fails,
/// dies or hangs is a runtime failure naming the run and why.
result<run_result> run_in_child(const isolation_settings& settings, const child_run& run,
                                double wait_s, const std::atomic<bool>& stop);

} // namespace actorbench::bench
