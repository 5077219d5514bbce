#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "bench/cli.hpp"
#include "bench/fanout_benchmark.hpp"
#include "bench/harness/machine_info.hpp"

namespace actorbench::bench {

/// Everything one invocation measured, with its context.
struct report {
  std::string tool_version;
  /// The allocator the measuring binary was linked with.
  std::string allocator;
  /// The git commit the binary was built from, or "unknown".
  std::string git_commit;
  machine_info machine;
  std::vector<fanout_result> results;
  /// Index of the result the others are compared to.
  std::size_t reference = 0;
  run_order order;
};

/// Writes a report in one format to an injected stream.
class reporter {
 public:
  virtual ~reporter() = default;
  virtual void write(const report& r, std::ostream& out) const = 0;
};

/// The seed's table (average, maximum, minimum per configuration) and more,
/// then each result relative to the reference, then warnings.
std::unique_ptr<reporter> make_console_reporter();

/// Canonical output: every raw sample, parameters, payload and machine context.
std::unique_ptr<reporter> make_json_reporter();

/// One row per measured run, for spreadsheets.
std::unique_ptr<reporter> make_csv_reporter();

/// One table row per configuration, GitHub-flavoured Markdown.
std::unique_ptr<reporter> make_markdown_reporter();

/// The reporter for `format`.
std::unique_ptr<reporter> make_reporter(output_format format);

} // namespace actorbench::bench
