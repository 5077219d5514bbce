#include "bench/harness/isolation.hpp"

#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <sstream>

#include "bench/harness/child_process.hpp"
#include "bench/harness/results.hpp"

namespace actorbench::bench {

namespace {

using clock = std::chrono::steady_clock;

std::string describe(const child_run& run) {
  return std::string{run.warmup ? "warm-up run " : "run "} + std::to_string(run.index + 1)
         + " of configuration " + std::to_string(run.config + 1);
}

system_result<child_process> start_child(const isolation_settings& settings,
                                                   const child_run& run) {
  std::vector<std::string> args = settings.command_line;
  args.push_back(std::string{"--"} + child_option);
  args.push_back(to_text(run));
  child_options options;
  // Its stderr passes through. Its own process group: a terminal's Ctrl-C
  // reaches only this process, which forwards it once (a second SIGINT
  // would kill the child).
  options.own_process_group = true;
  return child_process::start(settings.program, args, options);
}

std::string timed_out(const child_run& run, double wait_s) {
  std::ostringstream why;
  why << "the child process of " << describe(run) << " did not finish within " << wait_s
      << " s: killed";
  return why.str();
}

result<void> check_status(int status, const child_run& run) {
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return {};
  if (WIFSIGNALED(status))
    return runtime_failure("the child process of " + describe(run) + " was killed by signal "
                           + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status))
                           + ")");
  return runtime_failure("the child process of " + describe(run) + " exited with status "
                         + std::to_string(WEXITSTATUS(status)) + " (its error is above)");
}

} // namespace

std::string to_string(isolation_mode mode) {
  return mode == isolation_mode::process ? "process" : "in-process";
}

result<isolation_mode> parse_isolation(const std::string& text) {
  if (text == "none" || text == "in-process")
    return isolation_mode::in_process;
  if (text == "process")
    return isolation_mode::process;
  return bad_input("invalid --isolate '" + text + "': expected none or process");
}

std::string to_text(const child_run& run) {
  std::ostringstream out;
  out << run.config << ',' << run.index << ',' << run.warmup << ',' << run.planned_runs << ','
      << run.probing;
  return out.str();
}

result<child_run> parse_child_run(const std::string& text) {
  std::istringstream in{text};
  child_run out;
  char c1 = 0, c2 = 0, c3 = 0, c4 = 0;
  in >> out.config >> c1 >> out.index >> c2 >> out.warmup >> c3 >> out.planned_runs >> c4
    >> out.probing;
  if (!in || c1 != ',' || c2 != ',' || c3 != ',' || c4 != ',' || in.peek() != EOF)
    return bad_input("invalid --" + std::string{child_option} + " '" + text
                     + "': expected CONFIG,INDEX,WARMUP,PLANNED,PROBING");
  return out;
}

std::size_t child_warmup_runs(std::size_t warmup) {
  return std::max<std::size_t>(1, warmup);
}

double child_wait_s(const isolation_settings& settings, const configuration& c,
                    std::size_t runs) {
  double run_s = 600;
  if (auto t = c.values.find("timeout"); t != c.values.end()) {
    if (const auto* seconds = std::get_if<std::int64_t>(&t->second); seconds && *seconds > 0)
      run_s = static_cast<double>(*seconds);
    else if (const auto* d = std::get_if<double>(&t->second); d && *d > 0)
      run_s = *d;
  }
  return run_s * static_cast<double>(std::max<std::size_t>(1, runs))
         + settings.startup_allowance_s;
}

result<run_result> run_in_child(const isolation_settings& settings, const child_run& run,
                                double wait_s, const std::atomic<bool>& stop) {
  auto child = start_child(settings, run);
  if (!child)
    return runtime_failure("cannot start a child process for " + describe(run) + ": "
                           + child.err().message());
  auto ends = clock::now()
              + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(wait_s));
  child_io io;
  bool forwarded = false;
  // A failed poll ends the reading early; the wait below still bounds the run.
  child->exchange(io, ends, [&](const child_io&) {
    if (stop.load() && !forwarded) {
      // The child ends its run as partial, as a run in this process would.
      child->signal(SIGINT);
      forwarded = true;
    }
    return true;
  });
  auto ended = child->wait_until(ends);
  if (!ended)
    return runtime_failure("lost the child process of " + describe(run) + ": "
                           + ended.err().message());
  if (ended->killed)
    return runtime_failure(timed_out(run, wait_s));
  if (auto ok = check_status(ended->status, run); !ok)
    return ok.err();
  if (!settings.read_run)
    return runtime_failure("no reader for the child process's record of " + describe(run));
  auto record = settings.read_run(io.out);
  if (!record)
    return runtime_failure("the child process of " + describe(run)
                           + " reported no readable record: " + record.err().message);
  return record;
}

} // namespace actorbench::bench
