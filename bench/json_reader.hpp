#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "bench/common/error.hpp"
#include "bench/reporter.hpp"

namespace actorbench::bench {

/// Reads a file written by make_json_reporter() back into a report: tool
/// version and allocator, machine, order, reference and every fanout_result
/// field the file holds (parameters, samples, phases, mismatches, memory,
/// payload). Derived values in the file (stats, labels, relative, warnings)
/// are ignored; they are recomputed from the samples.
///
/// Fields added to the format later are optional, defaulting when absent:
/// tool.allocator (""), params.spawn ("main", the only strategy before),
/// params.context ("per-actor", the only one before),
/// memory.start_rss_bytes / peak_rss_bytes (none), order, reference (0).
/// Every other field is required, and any present field must have its type.
/// Values no run can have are refused too: procs or threads 0, and samples
/// or phases that are negative or beyond 1e9 seconds.
///
/// Every failure is an errc::bad_input error whose message is one line naming
/// the file: it cannot be read, is empty, is not valid JSON, is not an
/// actorbench result file, or a field is missing or mistyped (e.g.
/// "'x.json': results[2].samples_s is missing or not a list of numbers").
/// Never throws.
result<report> read_report(const std::string& path);

/// read_report() on text already read; `name` is the file name for messages.
result<report> parse_report(std::string_view text, const std::string& name);

/// One report holding the results of all `reports` in order, with the tool,
/// machine and order of the first and the first result as reference. An
/// empty list is bad input.
result<report> merge_reports(const std::vector<report>& reports);

} // namespace actorbench::bench
