#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "bench/harness/configuration.hpp"

namespace actorbench::bench {

/// A value a run or configuration reports beside its metrics: the first
/// failure's text, the payload's hex, the worker of each key.
using fact = std::variant<double, std::string, std::vector<double>, std::vector<std::string>>;

/// CPU time a run used.
struct cpu_times {
  double user_s = 0;
  double system_s = 0;
};

/// One part of a run that has parts (the fan-out's nodes): its own samples
/// and facts, by the same metric names.
struct part_record {
  std::string name;
  by_name<std::vector<double>> samples;
  by_name<fact> facts;
};

/// What one measured run reports: plain data, no formatting.
struct run_record {
  /// Metric name -> its value (one) or values (per_event metrics).
  by_name<std::vector<double>> samples;
  /// Check name -> count; each must be 0.
  by_name<std::uint64_t> checks;
  by_name<fact> facts;
  std::vector<part_record> parts;
  /// Unset: the harness measures the process's CPU time around run().
  std::optional<cpu_times> cpu;
  /// The run was cut short by a stop or deadline: its values cover less.
  bool partial = false;

  /// Adds one value to a metric.
  void add(const std::string& metric, double value) { samples[metric].push_back(value); }
};

} // namespace actorbench::bench
