#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace actorbench::bench {

/// Reads a duration such as "250ms", "2s", "1.5s", "500us", "1h", or a bare
/// number in `bare_unit` ("s" or "ms"), into nanoseconds; nullopt for
/// anything else (negative, words, "inf").
std::optional<double> parse_duration_ns(const std::string& text, const std::string& bare_unit);

/// 250'000'000 -> "250ms", 86'400'000'000'000 -> "24h": the largest unit
/// that shows the value exactly.
std::string duration_text(std::int64_t ns);

} // namespace actorbench::bench
