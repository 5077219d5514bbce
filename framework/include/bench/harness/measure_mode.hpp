#pragma once

#include <string>

#include "bench/error.hpp"

namespace actorbench::bench {

/// What a run's figures are made of (--measure).
enum class measure_mode {
  /// Wall and CPU time, as the scenario measures them (the default).
  time,
  /// Instructions per work unit, counted by valgrind's callgrind: the same
  /// on a busy host as on a quiet one, tens of times slower to take.
  instructions,
};

/// The hidden option that sets harness_settings::extra_work_per_unit.
inline constexpr const char* extra_work_option = "extra-work-per-unit";

/// "time" or "instructions", as the JSON names them.
std::string to_string(measure_mode mode);

/// --measure's text; bad_input naming it otherwise.
result<measure_mode> parse_measure(const std::string& text);

} // namespace actorbench::bench
