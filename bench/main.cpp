// The actorbench command: parse the command line, run the subcommand.
#include <iostream>

#include "bench/cli.hpp"
#include "bench/commands.hpp"

using namespace actorbench::bench;

int main(int argc, char** argv) {
  auto cmd = parse_command_line(argc, argv);
  if (!cmd)
    return fail(cmd.err());
  switch (cmd->what) {
    case command::action::help:
    case command::action::list:
      std::cout << cmd->text;
      return 0;
    case command::action::report:
      return run_report(cmd->saved);
    case command::action::diff:
      return run_diff(cmd->saved);
    case command::action::cipher:
      return run_cipher(cmd->cipher);
    case command::action::keygen:
      return run_keygen(cmd->keygen);
    case command::action::zone:
      return run_zone(cmd->zone);
    case command::action::serve:
      return run_serve(cmd->serve);
    case command::action::rpc:
      return run_rpc(cmd->rpc);
    case command::action::node:
      return run_node(cmd->node);
    case command::action::run:
      break;
  }
  return run_fanout(cmd->options);
}
