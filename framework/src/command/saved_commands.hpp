#pragma once

#include <string>
#include <vector>

#include "command/command_context.hpp"
#include "bench/harness/configuration.hpp"
#include "bench/harness/registry.hpp"

namespace actorbench::bench {

/// `report FILE...`: reads saved results, merges several (columns labelled
/// by file), writes them in --format with the scenario's view when `r`
/// knows the scenario (--view generic: the generic table), draws --plot.
/// `values` are its options (option name -> text). Out of memory anywhere
/// is one line naming the files, exit 1.
int report_saved(const std::vector<std::string>& files, const by_name<std::string>& values,
                 const registry& r, const command_context& ctx);

/// `diff OLD NEW`: compares two saved results configuration by
/// configuration (--metric NAME|all) and writes the diff; exit code 1 when
/// --fail-above PCT finds a regression, or out of memory (one line naming
/// the files).
int diff_saved(const std::vector<std::string>& files, const by_name<std::string>& values,
               const command_context& ctx);

} // namespace actorbench::bench
