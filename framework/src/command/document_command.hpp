#pragma once

#include <string>
#include <vector>

#include "command/command_context.hpp"
#include "command/tool_outline.hpp"

namespace actorbench::bench {

/// The shells `completion SHELL` writes a script for.
std::vector<std::string> completion_shells();

/// The completion script of `shell` for t; bad_input naming the shell and
/// the valid ones.
result<std::string> completion_script(const std::string& shell, const tool_outline& t);

/// `man` (no arguments) and `completion SHELL`: writes the manual page or
/// the script on out; returns the exit code (2 for a missing, extra or
/// unknown argument).
int print_document(target_kind kind, const std::vector<std::string>& arguments,
                   const tool_outline& t, const command_context& ctx);

} // namespace actorbench::bench
