#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "bench/error.hpp"

namespace actorbench::bench {

/// Parses a size option such as --max-memory or --max-payload: bytes, or a
/// number with K, M, G, T or P (powers of 1024), e.g. 512M, 1.5G. Refuses
/// anything outside [min, max] with one line naming `option`, `text` and the
/// range as `min_text` to `max_text` (e.g. "1K", "1P").
result<std::uint64_t> parse_byte_size(const std::string& option, const std::string& text,
                                      std::uint64_t min, std::uint64_t max,
                                      const std::string& min_text, const std::string& max_text);

/// Reads a byte count such as 4096, 512M or 1.5G (K, M, G, T, P are powers
/// of 1024, a fraction of a byte truncated); nullopt for anything else.
std::optional<std::uint64_t> parse_size_value(const std::string& text);

/// 1048576 -> "1M", 1536 -> "1536": the shortest exact K, M, G, T, P text.
std::string size_text(std::uint64_t bytes);

} // namespace actorbench::bench
