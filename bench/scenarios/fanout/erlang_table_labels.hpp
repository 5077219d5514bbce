#pragma once

#include <string>
#include <vector>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// What the Erlang experiment's table says about its configurations: each column's
/// header lines name the values that vary ("10000 procs", "crypto on",
/// "openssl/aes-128-ctr", "2 threads", "spawn main"), and the values every
/// configuration shares are named once above the table.
struct erlang_table_labels {
  /// One per configuration: its header lines ("fan-out" when nothing varies).
  std::vector<std::vector<std::string>> columns;
  /// The shared values in the report's words: "2 scheduler threads (stealing)",
  /// "spawned by chain", "cipher contexts per-thread", "pinned to CPUs 0 1",
  /// "senders split across 3 nodes: local (34) ...".
  std::vector<std::string> constants;
};

/// Labels of `configurations`. A single configuration names its procs,
/// crypto and cipher in its column, as the Erlang experiment's table does; a varying
/// --crypto names the cipher of each crypto-on column too.
erlang_table_labels label_configurations(const std::vector<configuration_result>& configurations);

/// A column's header lines joined with ", ", for the lines below the table.
std::string joined(const std::vector<std::string>& lines);

} // namespace actorbench::bench
