#pragma once

#include <string>

#include "command/command_line.hpp"

namespace actorbench::bench {

/// A line that names no target but has a word that is neither an option
/// nor a value (split_line::stray) mistyped a scenario or command: bad_input
/// naming the word and the nearest name ("did you mean 'zone'?"), or every
/// name when none is near; success when the line has no such word.
result<void> refuse_stray_name(const split_line& line, const line_names& names,
                               const std::string& program);

} // namespace actorbench::bench
