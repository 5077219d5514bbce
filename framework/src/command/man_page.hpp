#pragma once

#include <string>

#include "command/tool_outline.hpp"

namespace actorbench::bench {

/// The tool's manual page in roff (man(7) macros), section 1: NAME,
/// SYNOPSIS, DESCRIPTION, COMMANDS, COMMON OPTIONS, SCENARIOS (each with
/// every option --help shows for it), FILES, ENVIRONMENT, EXIT STATUS,
/// EXAMPLES, SEE ALSO. The harness and output options the scenarios share
/// are listed once, under COMMON OPTIONS, as the default scenario has them;
/// a scenario's subsection lists them again only where they differ for it.
std::string man_page(const tool_outline& t);

} // namespace actorbench::bench
