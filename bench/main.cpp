// The actorbench command: its scenarios and server commands, all on bench::main.
#include <csignal>
#include <iostream>

#include "bench/builtin.hpp"
#include "bench/output/standard_output.hpp"
#include "bench/servers/node_command.hpp"
#include "bench/servers/serve_command.hpp"

using namespace actorbench::bench;

int main(int argc, char** argv) {
  take_standard_output();
  // A file grown past `ulimit -f` would kill the process with SIGXFSZ and
  // leave a half-written temporary file; ignored, the write fails with EFBIG
  // ("File too large"), which is reported like any other write error.
  std::signal(SIGXFSZ, SIG_IGN);
  registry r;
  if (auto added = add_builtin_scenarios(r); !added) {
    std::cerr << "actorbench: " << added.err().message << '\n';
    return exit_code(added.err().code);
  }
  auto options = actorbench_options();
  options.commands = {make_serve_command(), make_node_command(r)};
  // Output that never reached standard output is a failure: bench::main
  // checks it when the results are written and once more at its end.
  return actorbench::bench::main(argc, argv, r, options);
}
