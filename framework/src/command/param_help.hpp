#pragma once

#include <string>

#include "bench/harness/param.hpp"

namespace actorbench::bench {

/// What --help shows after --NAME for a parameter, from its type:
/// "N[,N…]|A..B[xK|+K]" for a scanned integer, "N" for a fixed one,
/// "SIZE[,…]", "DURATION", "[=on|off[,…]]" for a flag, "off|on[,…]" for
/// a word parameter with short words (else "WORD[,…]"), "TEXT" or "FILE"
/// (a text parameter whose unit is "file" or "path").
std::string param_placeholder(const param_decl& p);

/// The help text of a parameter with what it accepts in parentheses:
/// "Sender actors (1..100000000 actors; default 10000)".
std::string param_help_text(const param_decl& p);

} // namespace actorbench::bench
