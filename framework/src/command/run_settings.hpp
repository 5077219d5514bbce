#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"
#include "bench/harness/declaration.hpp"
#include "bench/harness/results.hpp"
#include "bench/output/results_writer.hpp"

namespace actorbench::bench {

/// Where and how results are written (--format, --output, --plot, --view,
/// --time-unit), checked before any work.
struct output_settings {
  results_format format = results_format::table;
  std::string output_path;
  std::string plot_path;
  /// "generic", a view's name, or empty: the scenario's first view.
  std::string view;
  /// "", "s", "ms", "us" or "ns".
  std::string time_unit;
};

/// A scenario run's harness options, checked.
struct run_settings {
  harness_settings harness;
  /// --reference as typed (1 = the first configuration); checked against
  /// the plan once it is made.
  std::size_t reference = 1;
  /// --reference was given; else the scenario's default_reference decides.
  bool reference_given = false;
  bool quiet = false;
  bool dry_run = false;
  output_settings output;
  /// Set in a child process of --isolate process: the one run it makes.
  std::optional<child_run> child;
};

/// The output options among `values` (option name -> text). --view is kept
/// as typed: choose_view checks it against the scenario's views.
result<output_settings> read_output_settings(const by_name<std::string>& values);

/// The harness and output options among `values`, the declaration's
/// defaults where they are absent; --seed absent draws a random seed.
result<run_settings> read_run_settings(const by_name<std::string>& values, const declaration& d);

/// on/off (also true/false, yes/no) of flag `option`.
result<bool> read_on_off(const std::string& option, const std::string& text);

/// Seconds of a duration option: "10" (seconds), "250ms", "1.5s", "500us",
/// "2h"; above 0.
result<double> read_seconds(const std::string& option, const std::string& text);

} // namespace actorbench::bench
