#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "bench/cipher_benchmark.hpp"
#include "bench/cli.hpp"
#include "bench/harness/machine_info.hpp"
#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

/// One JMH-style score: mean over the measured iterations and the 99.9%
/// Student-t half-width of that mean (0 for fewer than two iterations).
struct cipher_score {
  std::size_t count = 0;
  double score = 0;
  double error = 0;
  std::string units;
};

/// Throughput, decrypts per microsecond (all threads together): "ops/us".
cipher_score throughput_score(const cipher_result& r);
/// Average time, nanoseconds per decrypt: "ns/op", per iteration 1000 / ops_per_us.
/// With several threads this is wall time per decrypt of all threads together
/// (JMH would report one thread's time per op, `threads` times as much).
cipher_score average_time_score(const cipher_result& r);
/// Plaintext throughput, ops/us times message size (10^6 bytes/s): "MB/s".
cipher_score bytes_score(const cipher_result& r);

/// Per measured iteration: 1000 / ops_per_us (inf where no op completed).
std::vector<double> ns_per_op(const cipher_result& r);
/// Per measured iteration: ops_per_us * size.
std::vector<double> mb_per_s(const cipher_result& r);

/// One case measured against a reference case.
struct cipher_comparison {
  /// Indices into the results: the case and the case it is compared with.
  std::size_t index = 0;
  std::size_t reference = 0;
  /// By mean nanoseconds per decrypt; "faster" means higher throughput.
  ratio speed;
  /// Two-sided Mann-Whitney U p-value of the per-iteration ns/op values.
  double p_value = 1;
  /// Either side has fewer than 9 iterations: the p-value is unreliable.
  bool few_samples = false;
};

/// Each case except the reference, compared with the reference case, or
/// rather with the case that differs from the reference in message size only
/// and has this case's size, when one was measured (comparing a 16 KiB decrypt
/// with a 12-byte one says nothing). Cases that are such a same-size stand-in
/// for the reference are not listed. Empty if `reference` is out of range.
std::vector<cipher_comparison> compare_cipher_results(const std::vector<cipher_result>& results,
                                                      std::size_t reference);

/// "openssl/aes-256-ctr/per-actor/12: 1.23 ± 0.04x slower than
/// openssl/aes-128-ctr/per-actor/12, p = 0.008", with " (fewer than 9
/// iterations: p is unreliable)" appended when so.
std::string describe_comparison(const cipher_comparison& c,
                                const std::vector<cipher_result>& results);

/// One warning line per case with failed decrypts; empty when all were fine.
std::vector<std::string> cipher_warnings(const std::vector<cipher_result>& results);

/// JMH's table: a thrpt (ops/us) row per case, then an avgt (ns/op) row per
/// case, then a second table of MB/s, then each case relative to `reference`
/// (see compare_cipher_results) and a warning line per case with failures.
void write_cipher_table(const std::vector<cipher_result>& results, std::size_t reference,
                        std::ostream& out);

/// Canonical output: parameters, every raw iteration value, score, error and
/// units for each mode, comparisons with `reference`, machine context.
void write_cipher_json(const std::vector<cipher_result>& results, const machine_info& machine,
                       std::ostream& out, std::size_t reference = 0);

/// One row per case and mode (thrpt, avgt), with the MB/s score on each row.
void write_cipher_csv(const std::vector<cipher_result>& results, std::ostream& out);

/// A GitHub-flavoured Markdown table, one row per case and mode, then the
/// comparisons and warnings as a list.
void write_cipher_markdown(const std::vector<cipher_result>& results, std::size_t reference,
                           std::ostream& out);

/// Writes `results` in `format` (table, json, csv or markdown).
void write_cipher_report(const std::vector<cipher_result>& results, std::size_t reference,
                         const machine_info& machine, output_format format, std::ostream& out);

} // namespace actorbench::bench
