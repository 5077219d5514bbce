#pragma once

#include <string>

#include "bench/cli.hpp"
#include "bench/common/error.hpp"
#include "bench/common/tls_options.hpp"

namespace actorbench::bench {

/// The fan-out options as typed, before validation (CLI11 and scenario
/// files fill these strings).
struct fanout_cli_values {
  std::string procs = "10000";
  std::string crypto = "off";
  std::string backend;
  std::string cipher;
  std::string runs = "10";
  std::string warmup = "1";
  std::string threads;
  std::string policy = "stealing";
  std::string spawn = "chain";
  std::string context = "per-thread";
  std::string timeout;
  std::string pin;
  std::string nodes;
  tls_cli_values tls;
  std::string clock = "lean";
  std::string reference = "1";
  /// --max-memory as typed; empty: the machine's available memory is the limit.
  std::string max_memory;
  bool shuffle = false;
  std::string seed;
  std::string format = "table";
  std::string output;
  bool output_given = false;
  std::string plot;
  bool plot_given = false;
  bool list = false;
  bool quiet = false;
};

/// Checks every value and expands lists and ranges into one configuration
/// per combination. Errors are bad input, one line naming the bad value.
result<cli_options> validate_fanout(const fanout_cli_values& raw);

} // namespace actorbench::bench
