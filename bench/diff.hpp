#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "bench/cli.hpp"
#include "bench/comparison.hpp"
#include "bench/fanout_benchmark.hpp"
#include "bench/reporter.hpp"

namespace actorbench::bench {

/// One configuration in two saved runs.
struct diff_entry {
  /// What distinguishes this configuration from the others in the diff.
  std::string label;
  /// The result in the old and the new run; one of them may be missing.
  std::optional<fanout_result> old_result;
  std::optional<fanout_result> new_result;
  /// compare_to(new, old): "faster" means the new run is faster. Only when
  /// both sides are present.
  std::optional<relative_speed> change;
};

/// Whether `a` and `b` measured the same configuration: scenario, procs,
/// crypto, threads, policy, spawn, and back-end, cipher and context when
/// crypto is on (crypto off ignores them).
bool same_configuration(const fanout_result& a, const fanout_result& b);

/// The results of both runs matched by configuration: the old run's results
/// in order, each with the first unmatched new result of the same
/// configuration (or none), then the new results left over.
std::vector<diff_entry> diff_reports(const report& old_report, const report& new_report);

/// Writes `entries` as `format`:
///  table: one line per entry, "LABEL: 0.2200 s -> 0.1800 s median,
///         1.22 ± 0.05x faster, p = 0.002", or "LABEL: only in OLD, ..."
///  markdown: a table of the same columns,
///  json: an array of objects, csv: a header and one row per entry.
void write_diff(const std::vector<diff_entry>& entries, std::ostream& out, output_format format);

} // namespace actorbench::bench
