#pragma once

#include <chrono>
#include <cstddef>
#include <limits>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "actors/keygen/keygen_pool.hpp"
#include "bench/cli.hpp"
#include "bench/common/error.hpp"
#include "bench/harness/machine_info.hpp"
#include "crypto/key_generator.hpp"

namespace actorbench::bench {

/// One measured cell: a request (algorithm, size, back-end) on
/// `sample.threads` threads.
struct keygen_cell {
  crypto::keygen_request request;
  actors::keygen_sample sample;
};

/// How much thread-seconds per key vary across thread counts at one size.
/// Perfect scaling makes both figures 0.
struct keygen_spread {
  /// Seed 002's "spread" row: the mean absolute deviation from the mean,
  /// over the mean (mean |x - m| / m). This is what reproduces the seed's
  /// figures (RSA 512 bits: 4.94%), not max / min - 1.
  double mean_deviation = std::numeric_limits<double>::quiet_NaN();
  /// The widest ratio: max / min - 1.
  double max_over_min = std::numeric_limits<double>::quiet_NaN();
  /// Thread counts it was computed over (cells with at least one key).
  std::size_t count = 0;
  /// A partial cell is among them.
  bool partial = false;
};

/// Both spreads of `values` (thread-seconds per key, one per thread count),
/// as fractions (0.0494, not 4.94); NaN with fewer than two values.
keygen_spread compute_spread(const std::vector<double>& values, bool partial = false);

/// One of the seed's tables: one algorithm and back-end, rows are thread
/// counts and columns key sizes, both ascending.
struct keygen_grid {
  crypto::key_algorithm algo = crypto::key_algorithm::rsa;
  std::string backend;
  /// Key sizes; a single 0 for algorithms without a size.
  std::vector<std::size_t> sizes;
  std::vector<std::size_t> threads;
  /// `samples[row][column]`: the cell's sample, or nullptr where none was
  /// measured. Cells with the same coordinates are merged into one sample
  /// (keys and wall time summed, durations appended), as if one longer cell.
  std::vector<std::vector<const actors::keygen_sample*>> samples;
  /// One spread per column, over the rows.
  std::vector<keygen_spread> spread;
  /// Owns the merged samples `samples` points to.
  std::vector<std::unique_ptr<actors::keygen_sample>> merged;
};

/// The grids of `cells`, one per algorithm and back-end in order of first
/// appearance. Points into `cells`; keep them alive while using the grids.
std::vector<keygen_grid> make_keygen_grids(const std::vector<keygen_cell>& cells);

/// Expected wall seconds of a cell of `keys` keys on `threads` threads from
/// the seconds one key takes on one thread: keys are handed out one at a
/// time, so there are ceil(keys / threads) rounds, each as long as one key
/// when every thread has a core, and threads / cores times longer otherwise.
double estimate_seconds(double seconds_per_key, std::size_t keys, std::size_t threads,
                        std::size_t cores);

/// Seconds per key at `to_bits` from a measurement at `from_bits`. RSA and
/// DH grow by about 2^3.5 per doubling of the size (seed 002: 7.8 to 13
/// times per doubling, growing with size); EC, X25519 and Ed25519 are
/// taken as flat.
double scale_seconds_per_key(crypto::key_algorithm algo, std::size_t from_bits, double seconds,
                             std::size_t to_bits);

/// A short calibration: generates keys of `request` on the calling thread
/// until `budget` has passed (at least one key) and returns the mean seconds
/// per key. Sizes above `max_bits` are calibrated at `max_bits` and scaled
/// with scale_seconds_per_key, so announcing an RSA-8192 cell does not
/// itself take minutes. Prime-search times vary a lot from key to key:
/// treat the result as a rough figure for announcements, not a measurement.
result<double> calibrate_seconds_per_key(
  const crypto::keygen_request& request,
  std::chrono::milliseconds budget = std::chrono::milliseconds{300}, std::size_t max_bits = 1024);

/// Seed 002's two tables per algorithm and back-end: wall seconds per key,
/// then thread-seconds per key with the spread rows; partial cells marked
/// '*' with a footnote, and a warning line per cell with failed validations.
void write_keygen_table(const std::vector<keygen_cell>& cells, std::ostream& out);

/// Canonical output: every cell's parameters and raw per-key durations,
/// the derived figures, the spreads per grid column, machine context.
void write_keygen_json(const std::vector<keygen_cell>& cells, const machine_info& machine,
                       std::ostream& out);

/// One row per cell.
void write_keygen_csv(const std::vector<keygen_cell>& cells, std::ostream& out);

/// The tables of write_keygen_table as GitHub-flavoured Markdown.
void write_keygen_markdown(const std::vector<keygen_cell>& cells, std::ostream& out);

/// Writes `cells` in `format` (table, json, csv or markdown).
void write_keygen_report(const std::vector<keygen_cell>& cells, const machine_info& machine,
                         output_format format, std::ostream& out);

} // namespace actorbench::bench
