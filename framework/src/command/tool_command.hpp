#pragma once

#include "command/command_context.hpp"
#include "bench/command/main.hpp"

namespace actorbench::bench {

/// Runs a command of main_options::commands (serve, node): its parameter
/// texts resolved like a scenario's (make_plan) into the one configuration
/// `command.run` gets; a list or range that makes several is bad input.
int run_tool_command(const std::string& name, const command_decl& command,
                     const by_name<std::string>& texts, const command_context& ctx);

} // namespace actorbench::bench
