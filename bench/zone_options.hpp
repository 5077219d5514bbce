#pragma once

#include <string>

#include "bench/cli.hpp"
#include "bench/common/error.hpp"

namespace actorbench::bench {

/// The `actorbench zone` options as typed, before validation.
struct zone_cli_values {
  std::string players = "1000";
  std::string tick_hz = "20";
  /// Empty: 10 s for a run, 5 s per probe of --find-max.
  std::string duration;
  std::string crypto = "on";
  std::string cipher = "aes-128-gcm";
  std::string threads;
  std::string timeout = "10";
  std::string max_memory;
  bool find_max = false;
};

/// Checks every value; a run whose input packets and sessions cannot fit
/// in the memory available (or --max-memory) is refused with the estimate.
result<zone_options> validate_zone(const zone_cli_values& raw);

} // namespace actorbench::bench
