// The actorbench command: parse the command line, run the subcommand.
#include <csignal>
#include <iostream>

#include "bench/builtin.hpp"
#include "bench/cli.hpp"
#include "bench/command/command_catalog.hpp"
#include "bench/commands.hpp"
#include "bench/output/standard_output.hpp"
#include "bench/servers/node_command.hpp"
#include "bench/servers/serve_command.hpp"

using namespace actorbench::bench;

namespace {

// Commands not on the scenario model yet (issue 15 moves them one by one):
// the old parser still runs them.
const std::vector<std::string> old_commands{};

// Whether bench::main runs this line: it names a registered scenario or
// report/diff, or none of the old commands while the default is registered.
bool on_scenario_model(int argc, char** argv, const registry& r, const main_options& o) {
  command_catalog catalog{r, o};
  auto names = catalog.names();
  names.commands.insert(names.commands.end(), old_commands.begin(), old_commands.end());
  auto line = split_argv({argv + 1, argv + argc}, names);
  if (!line)
    return r.find(o.default_scenario) != nullptr;
  if (line->kind == target_kind::command)
    return catalog.find_command(line->target) != nullptr;
  if (line->kind == target_kind::scenario)
    return r.find(line->target) != nullptr;
  return r.find(o.default_scenario) != nullptr; // report, diff
}

int run(int argc, char** argv) {
  registry r;
  if (auto added = add_builtin_scenarios(r); !added)
    return fail(added.err());
  auto options = actorbench_options();
  options.commands = {make_serve_command(), make_node_command()};
  if (on_scenario_model(argc, argv, r, options))
    return actorbench::bench::main(argc, argv, r, options);
  auto cmd = parse_command_line(argc, argv);
  if (!cmd)
    return fail(cmd.err());
  switch (cmd->what) {
    case command::action::help:
      std::cout << cmd->text;
      return 0;
    case command::action::cipher:
      return run_cipher(cmd->cipher);
    case command::action::keygen:
      return run_keygen(cmd->keygen);
  }
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  take_standard_output();
  // A file grown past `ulimit -f` would kill the process with SIGXFSZ and
  // leave a half-written temporary file; ignored, the write fails with EFBIG
  // ("File too large"), which is reported like any other write error.
  std::signal(SIGXFSZ, SIG_IGN);
  int code = run(argc, argv);
  // Output that never reached standard output is a failure. A command that
  // failed has already said why (its results' write to standard output is
  // checked where they are written), so it gets no second line.
  auto ok = flush_standard_output();
  if (!ok && code == 0)
    return fail(ok.err());
  return code;
}
