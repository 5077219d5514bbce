#pragma once

#include <ostream>
#include <string>

#include "bench/cli.hpp"
#include "bench/harness/machine_info.hpp"
#include "bench/zone_benchmark.hpp"

namespace actorbench::bench {

/// What `actorbench zone` prints: one run, or a --find-max search.
struct zone_report {
  zone_settings settings;
  bool find_max = false;
  /// The run (a single probe), or the search with every probe.
  zone_search search;
  machine_info machine;
  std::string git_commit;
};

/// A row per run: players, ticks, latency percentiles, missed ticks, fan-in,
/// peak RSS; the definitions; details of a single run, or the search's answer.
void write_zone_table(const zone_report& rep, std::ostream& out);

/// Canonical output: parameters, definitions, machine, every run with its
/// raw per-tick figures, the search's answer.
void write_zone_json(const zone_report& rep, std::ostream& out);

/// One row per run.
void write_zone_csv(const zone_report& rep, std::ostream& out);

/// write_zone_table as GitHub-flavoured Markdown.
void write_zone_markdown(const zone_report& rep, std::ostream& out);

/// Writes `rep` in `format`.
void write_zone_report(const zone_report& rep, output_format format, std::ostream& out);

} // namespace actorbench::bench
