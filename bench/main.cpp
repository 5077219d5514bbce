// The actorbench command: parse, run, report. Everything else is library code.
#include <fstream>
#include <iostream>

#include "bench/cli.hpp"
#include "bench/fanout_benchmark.hpp"
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
  auto result = run_fanout_benchmark(opts.fanout);
  if (!result)
    return fail(result.err());

  report rep{tool_version, linked_allocator, read_machine_info(), {*result}};
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
  if (result->mismatches > 0)
    return fail(runtime_failure(std::to_string(result->mismatches)
                                + " mismatched replies: the run is not valid"));
  return 0;
}
