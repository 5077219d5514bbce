#pragma once

#include <string>
#include <vector>

#include "bench/harness/configuration.hpp"
#include "bench/harness/declaration.hpp"

namespace actorbench::bench {

/// One line for each parameter in `given` (typed on the command line or in
/// a --config file) that applies in no configuration of `plan`, its only_if
/// unmet everywhere: "--cipher has no effect with --crypto off; add
/// --crypto on". The run goes on without it; the caller warns.
std::vector<std::string> idle_param_warnings(const declaration& d,
                                             const std::vector<configuration>& plan,
                                             const by_name<std::string>& given);

} // namespace actorbench::bench
