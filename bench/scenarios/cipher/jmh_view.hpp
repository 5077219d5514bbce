#pragma once

#include <ostream>
#include <string_view>

#include "bench/output/view.hpp"

namespace actorbench::bench {

/// The JMH experiment's view of cipher results, as JMH prints them: a table
/// `Benchmark Mode Cnt Score Error Units` with a thrpt row (ops/µs) and an
/// avgt row (ns/op, or --time-unit per op) per configuration, Error being
/// the 99.9% Student-t half-width of the mean; then the same layout for
/// plaintext bytes per second; then each configuration relative to the
/// reference at the same message size (median time per op with its
/// interval and U-test p) and a warning per configuration with failed
/// decrypts or encrypts. Encrypt cases (--direction) are labelled "/encrypt".
class jmh_view : public view {
 public:
  /// The one instance the cipher scenario lists.
  static const jmh_view& instance();

  std::string_view name() const override { return "jmh"; }
  void write(const scenario_results& r, const table_style& style, std::ostream& out) const override;
};

} // namespace actorbench::bench
