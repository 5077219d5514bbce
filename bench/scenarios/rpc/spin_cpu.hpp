#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bench/error.hpp"

namespace actorbench::bench {

/// Where the rpc client's measuring (spinning) thread runs.
struct spin_placement {
  /// Set: the measuring thread runs on this CPU alone.
  std::optional<int> cpu;
  /// Then the client's CAF threads and the --local servers run on these:
  /// every CPU this process may use but `cpu`.
  std::vector<int> others;
};

/// Resolves --spin-cpu: "auto" is the first CPU this process may use when it
/// may use two or more and the client spins (`spin_us` > 0); "off" is
/// unpinned; else one of the CPUs this process may use, with a second one
/// for everything else.
result<spin_placement> place_spinner(const std::string& text, long long spin_us);

} // namespace actorbench::bench
