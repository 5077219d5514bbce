#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "bench/harness/results.hpp"
#include "bench/output/gnuplot.hpp"

namespace actorbench::bench {

/// How tables are drawn.
struct table_style {
  /// Longest line in code points.
  std::size_t width = 100;
  /// Force one time unit ("s", "ms", "us", "ns"); empty: chosen per metric
  /// so at least three significant digits show.
  std::string time_unit;
  /// Markdown instead of plain text.
  bool markdown = false;
};

/// A scenario-specific way to show results (a seed's table, a plot). It
/// sees only the plain records, so `report` of a saved file draws it too.
class view {
 public:
  virtual ~view() = default;
  /// "erlang-table", "jmh"...
  virtual std::string_view name() const = 0;
  virtual void write(const scenario_results& r, const table_style& style,
                     std::ostream& out) const = 0;
  /// A gnuplot script drawing the results in `format` (its own terminal, or
  /// none for gnuplot_preamble's); unset: the generic plot is used.
  virtual std::optional<std::string> plot_script(const scenario_results&, image_format) const {
    return {};
  }
};

/// For a view's title line that names the host: " (a.json's host; every
/// file's is in the footer)" when `r` merges several files (its machine is the first
/// file's, and the table writer's footer lists every file's); else empty.
std::string merged_host_note(const scenario_results& r);

} // namespace actorbench::bench
