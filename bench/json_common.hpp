#pragma once

// JSON pieces every report writer shares.

#include <string>

#include <nlohmann/json.hpp>

#include "bench/harness/machine_info.hpp"

namespace actorbench::bench {

/// The machine context as written in every JSON export.
nlohmann::json to_json(const machine_info& m);

/// The "tool" object of a benchmark's JSON export: this build of
/// actorbench, the benchmark that wrote it and the allocator linked in.
nlohmann::json tool_json(const char* benchmark, const std::string& git_commit);

/// A number, or null for NaN and infinity (which JSON cannot hold).
nlohmann::json json_number(double v);

} // namespace actorbench::bench
