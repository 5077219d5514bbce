#pragma once

#include <string>

#include "command/tool_outline.hpp"

namespace actorbench::bench {

/// A bash completion script for the tool (builtins only: complete, compgen,
/// mapfile): the scenario and command names as the first word; the options
/// of the scenario or command in effect (the default scenario while none is
/// named); the words of an option with a closed set of values, after a
/// comma too (--backend openssl,so); file names for FILE options and for
/// the files of report and diff; the shells of `completion`.
std::string bash_completion(const tool_outline& t);

} // namespace actorbench::bench
