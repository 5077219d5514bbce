#pragma once

#include <string>
#include <vector>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// A merged report's verdict (`report a.json b.json`): each file after the
/// first compared with the first as `diff` compares two files, one line per
/// matched configuration, the metric in words: "b.json against a.json, time
/// until every reply: 100000 procs: 52.1 ms → 56.3 ms median, 1.08x slower
/// [0.98, 1.22], p = 0.121 (within the 5% noise threshold)". Empty for the
/// results of one file, or when no configuration matches.
std::vector<std::string> merged_verdict_lines(const scenario_results& merged);

} // namespace actorbench::bench
