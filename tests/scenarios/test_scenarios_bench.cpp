// The actorbench command with the scenarios that exist only in the tests,
// each in its own folder here and added below with one line, as a built-in
// scenario is (bench/builtin.cpp): they build, run, report and cross worker
// nodes (this program's `node` command serves them) like the built-in ones.
#include <iostream>

#include "bench/builtin.hpp"
#include "bench/servers/node_command.hpp"
#include "tests/scenarios/relay/relay_scenario.hpp"

using namespace actorbench;

int main(int argc, char** argv) {
  bench::registry r;
  auto added = bench::add_builtin_scenarios(r);
  if (added)
    added = r.add(testing::make_relay_scenario());
  if (!added) {
    std::cerr << "test_scenarios_bench: " << added.err().message << '\n';
    return bench::exit_code(added.err().code);
  }
  auto options = bench::actorbench_options();
  options.commands = {bench::make_node_command(r)};
  return bench::main(argc, argv, r, options);
}
