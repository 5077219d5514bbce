#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace actorbench::bench {

/// A display unit for a base unit: values are divided by `scale`.
struct display_unit {
  /// "ms", "µs", "KiB", "k/s"; the base unit itself when scale is 1.
  std::string name;
  double scale = 1;
};

/// The largest unit of `base_unit`'s family ("s": s ms µs ns; "bytes": bytes
/// KiB MiB GiB; rates "1/s", "B/s", "ops/s": /s k/s M/s G/s) in which the
/// smallest nonzero magnitude of `values` is at least 1, so three
/// significant digits show: 0.000512 s -> 512 µs. `forced` ("s", "ms",
/// "us" or "µs", "ns") fixes the time unit; an empty or unknown base unit
/// (a count) stays as it is.
display_unit choose_unit(const std::vector<double>& values, const std::string& base_unit,
                         const std::string& forced = {});

/// `value / unit.scale` with three significant digits but no fewer than
/// the integer digits ("512", "30.5", "0.00123" only when forced), whole
/// counts (no unit) without decimals; "n/a"
/// for NaN.
std::string format_in(double value, const display_unit& unit);

/// `n` and `word`, plural unless `n` is 1: "1 run", "10 runs".
std::string counted(std::size_t n, const std::string& word);

/// choose_unit for the one value and format_in with the unit appended:
/// "512 µs", "1.50 GiB", "30.5 k/s", "12".
std::string format_value(double value, const std::string& base_unit);

} // namespace actorbench::bench
