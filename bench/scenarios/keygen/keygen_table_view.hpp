#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "bench/scenarios/keygen/keygen_plot_script.hpp"
#include "bench/output/view.hpp"

namespace actorbench::bench {

/// The key-generation table ("keygen-table"), as the original experiment printed it: per algorithm and back-end, a table of
/// wall time per key and one of thread-seconds per key (rows: threads,
/// columns: key sizes) with the spread and max/min - 1 rows; partial cells
/// marked '*', a warning per cell with failed validations. Its plot is the
/// keygen plot (keygen_plot_script).
class keygen_table_view : public view {
 public:
  /// The one instance the keygen scenario lists.
  static const keygen_table_view& instance();

  std::string_view name() const override { return "keygen-table"; }
  void write(const scenario_results& r, const table_style& style, std::ostream& out) const override;
  /// keygen_plot_script(r, format); unset when no cell has a key.
  std::optional<std::string> plot_script(const scenario_results& r,
                                         image_format format) const override;
};

} // namespace actorbench::bench
