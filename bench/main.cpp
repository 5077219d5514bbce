// The actorbench command: parse, run, report. Everything else is library code.
#include <unistd.h>

#include <fstream>
#include <iostream>

#include "bench/cli.hpp"
#include "bench/fanout_benchmark.hpp"
#include "bench/progress_bar.hpp"
#include "bench/reporter.hpp"
#include "bench/version.hpp"

using namespace actorbench::bench;

namespace {

int fail(const error& err) {
  std::cerr << "actorbench: " << err.message << '\n';
  return exit_code(err.code);
}

} // namespace

int main(int argc, char** argv) {
  auto cmd = parse_command_line(argc, argv);
  if (!cmd)
    return fail(cmd.err());
  if (cmd->what != command::action::run) {
    std::cout << cmd->text;
    return 0;
  }
  const auto& opts = cmd->options;
  // The bar goes to stderr, and only to a terminal: never into stdout or a file.
  progress_bar bar{std::cerr};
  progress_callback progress;
  if (!opts.quiet && isatty(STDERR_FILENO))
    progress = [&bar](std::size_t done, std::size_t total) { bar.update(done, total); };
  auto results = run_fanout_benchmarks(opts.configs, opts.order, progress);
  bar.finish();
  if (!results)
    return fail(results.err());

  report rep{tool_version, linked_allocator, read_machine_info(), *results, opts.reference,
             opts.order};
  if (opts.output_path.empty()) {
    make_reporter(opts.format)->write(rep, std::cout);
  } else {
    std::ofstream file{opts.output_path};
    make_reporter(opts.format)->write(rep, file);
    if (!file.flush())
      return fail(runtime_failure("cannot write --output '" + opts.output_path + "'"));
    if (opts.format != output_format::table)
      make_console_reporter()->write(rep, std::cout);
  }
  std::size_t mismatches = 0;
  for (const auto& r : rep.results)
    mismatches += r.mismatches;
  if (mismatches > 0)
    return fail(runtime_failure(std::to_string(mismatches)
                                + " mismatched replies: the results are not valid"));
  return 0;
}
