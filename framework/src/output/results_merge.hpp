#pragma once

#include <string>
#include <utility>
#include <vector>

#include "bench/error.hpp"
#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// One scenario_results of several files (`report a.json b.json`): the
/// configurations in file order, each with `source` set to its file's name,
/// so tables label columns "a.json: 1000 procs"; the context (tool, machine,
/// declaration, reference) of the first file, and each file's own context
/// (host, commit, date, noise probes) in `sources`. bad_input for no files or
/// files of different scenarios.
result<scenario_results> merge_results(std::vector<std::pair<std::string, scenario_results>> files);

} // namespace actorbench::bench
