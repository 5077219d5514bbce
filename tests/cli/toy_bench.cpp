// A tool built on bench::main the way a user's program is: two toy
// scenarios and a command, for the CLI tests of the command layer
// (tests/cli/command_toy). Its times are computed, not measured, so that
// diff sees exactly the change it is given: TOY_SLOWDOWN=20 makes every
// run 20% slower.
#include <cstdlib>
#include <ostream>
#include <string>

#include "bench/command/main.hpp"

using namespace actorbench::bench;

namespace {

declaration toy() {
  declaration d{"toy", "A computed workload: time grows with --work; nothing is measured"};
  d.integer("work").range(1, 1'000'000).def("100").unit("units").help("Units of work per run");
  d.word("mode", {"even", "odd"}).def("even").help("How the work is spread");
  d.flag("broken").def("off").help("Report one wrong result per run");
  d.metric("time_s", "s").headline().help("Computed time of the run");
  d.check("wrong", "results that came out wrong");
  d.defaults.runs = 5;
  d.defaults.warmup = 0;
  return d;
}

result<run_record> run_toy(run_context& ctx) {
  const char* slowdown = std::getenv("TOY_SLOWDOWN");
  double factor = 1 + (slowdown != nullptr ? std::atof(slowdown) : 0) / 100;
  const auto& c = ctx.config();
  // A spread of +-1% across runs, the same in every invocation.
  double jitter = 1 + 0.005 * (static_cast<double>(ctx.run_index() % 5) - 2);
  run_record r;
  r.add("time_s", static_cast<double>(c.integer("work")) * 1e-6 * factor * jitter);
  r.checks["wrong"] = c.flag("broken") ? 1 : 0;
  return r;
}

declaration other() {
  declaration d{"other", "A second scenario, for --config sections"};
  d.integer("size").range(1, 10).def("1").help("Size");
  d.metric("time_s", "s").headline();
  return d;
}

command_decl echo_command() {
  command_decl c;
  c.params = declaration{"echo", "Print --text and exit (a command, not a scenario)"};
  c.params.text("text").def("hello").help("What to print");
  c.run = [](const configuration& config, std::ostream& out, std::ostream&) {
    out << config.text("text") << '\n';
    return 0;
  };
  return c;
}

} // namespace

int main(int argc, char** argv) {
  registry r;
  auto run_other = [](run_context&) {
    run_record rec;
    rec.add("time_s", 1e-3);
    return result<run_record>{rec};
  };
  if (!r.add(make_scenario(toy(), run_toy)) || !r.add(make_scenario(other(), run_other)))
    return 1;
  main_options o;
  o.tool = {"toy_bench", "0.0.1", "abc1234", "system"};
  o.default_scenario = "toy";
  o.commands.push_back(echo_command());
  return main(argc, argv, r, o);
}
