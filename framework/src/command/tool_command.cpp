#include "command/tool_command.hpp"

#include "bench/harness/runner.hpp"

namespace actorbench::bench {

int run_tool_command(const std::string& name, const command_decl& command,
                     const by_name<std::string>& texts, const command_context& ctx) {
  // make_plan reads a scenario's parameters; a command's are read the same
  // way, through a scenario that never runs.
  auto reader = make_scenario(command.params, [](run_context&) -> result<run_record> {
    return runtime_failure("a command is not run as a scenario");
  });
  auto plan = make_plan(*reader, texts);
  if (!plan)
    return report_failure(ctx, plan.err());
  if (plan->size() != 1)
    return report_failure(ctx, bad_input(name
                                         + " takes one value per option, not lists or "
                                           "ranges that make "
                                         + std::to_string(plan->size()) + " combinations"));
  return command.run(plan->front(), ctx.out, ctx.err);
}

} // namespace actorbench::bench
