#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "bench/error.hpp"
#include "bench/harness/declaration.hpp"
#include "bench/harness/isolation.hpp"
#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// The fact a run of a scenario with a work unit (declaration::work_unit)
/// reports: how many units it did, to divide its instructions by.
inline constexpr const char* work_units_fact = "work_units";

/// Debian's valgrind (package valgrind).
inline constexpr const char* valgrind_program = "/usr/bin/valgrind";

/// "instructions_per_actor" for a scenario whose unit is "actor".
std::string instructions_metric_name(const std::string& unit);

/// Makes `d` count instructions (--measure instructions): adds its
/// instructions-per-unit metric as the headline. bad_input naming the
/// scenario when it declares no work unit; runtime_failure naming the
/// package when `valgrind` is not there.
result<void> count_instructions_in(declaration& d, const std::string& valgrind = valgrind_program);

/// The instructions a callgrind output file counted (its "totals:" line).
result<std::uint64_t> read_callgrind_total(const std::string& path);

/// Makes one run in a child process under callgrind, instrumented only
/// while its measured run runs (measure_options::instrument), and adds
/// `metric` to its record: the instructions over the run's work units.
result<run_result> count_in_child(const isolation_settings& settings, const child_run& run,
                                  double wait_s, const std::atomic<bool>& stop,
                                  const std::string& metric);

} // namespace actorbench::bench
