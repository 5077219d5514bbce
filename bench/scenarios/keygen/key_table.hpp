#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// One cell of the key-generation tables, from one configuration's runs.
struct key_cell {
  /// Medians over the runs; NaN where no run generated a key.
  double wall_s_per_key = std::numeric_limits<double>::quiet_NaN();
  double thread_s_per_key = std::numeric_limits<double>::quiet_NaN();
  /// Keys asked for and generated, all runs together.
  std::size_t requested = 0;
  std::size_t generated = 0;
  /// Fewer runs than planned or a run cut short (time limit, signal).
  bool partial = false;
  std::size_t validated = 0;
  std::uint64_t validation_failures = 0;
  std::string first_validation_failure;
  /// Whether a value was measured.
  bool measured() const { return generated > 0; }
};

/// How much thread-seconds per key vary over the thread counts at one size
/// (both 0 for perfect scaling; NaN with fewer than two measured counts).
struct thread_spread {
  /// The key-generation experiment's "spread": mean |x - mean| / mean (RSA 512 bits: 4.94%).
  double mean_deviation = std::numeric_limits<double>::quiet_NaN();
  /// max / min - 1.
  double max_over_min = std::numeric_limits<double>::quiet_NaN();
  bool partial = false;
};

/// One pair of the key-generation tables: one algorithm and back-end (and source
/// file, for merged reports); rows are thread counts, columns key sizes,
/// both ascending.
struct key_table {
  std::string source;
  std::string algo;
  std::string backend;
  /// Key sizes; a single 0 for algorithms without a size.
  std::vector<std::int64_t> sizes;
  std::vector<std::int64_t> threads;
  /// cells[row][column]; a cell nothing was planned for stays unmeasured.
  std::vector<std::vector<key_cell>> cells;
  /// One per column.
  std::vector<thread_spread> spread;

  /// "rsa key generation (openssl)", "DH modulus (safe prime) generation (openssl)".
  std::string title() const;
  /// "2048 bits", or the algorithm for algorithms without a size.
  std::string size_label(std::size_t column) const;
  /// "rsa-2048 (openssl) on 2 threads".
  std::string cell_name(std::size_t row, std::size_t column) const;
};

/// Both spreads of `values` (one per thread count), as fractions.
thread_spread spread_of(const std::vector<double>& values, bool partial);

/// The tables of `r`, one per source, algorithm and back-end in order of
/// first appearance.
std::vector<key_table> make_key_tables(const scenario_results& r);

} // namespace actorbench::bench
