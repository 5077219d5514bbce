#pragma once

// JSON pieces every report writer shares.

#include <nlohmann/json.hpp>

#include "bench/machine_info.hpp"

namespace actorbench::bench {

/// The machine context as written in every JSON export.
nlohmann::json to_json(const machine_info& m);

/// A number, or null for NaN and infinity (which JSON cannot hold).
nlohmann::json json_number(double v);

} // namespace actorbench::bench
