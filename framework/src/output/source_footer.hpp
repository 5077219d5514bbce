#pragma once

#include <string>
#include <vector>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// A merged report's footer, each line labelled with its file: where and
/// when the file was measured ("a.json: host box1 (AMD EPYC, 2 cores);
/// actorbench 0.1.0, git 567474a; created 2026-12-05T08:20:00Z"), then its
/// noise probe's footer and warning. None for one run or one file.
std::vector<std::string> source_footer(const scenario_results& r);

} // namespace actorbench::bench
