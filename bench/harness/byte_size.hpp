#pragma once

#include <cstdint>
#include <string>

#include "bench/common/error.hpp"

namespace actorbench::bench {

/// Parses a size option such as --max-memory or --max-payload: bytes, or a
/// number with K, M, G, T or P (powers of 1024), e.g. 512M, 1.5G. Refuses
/// anything outside [min, max] with one line naming `option`, `text` and the
/// range as `min_text` to `max_text` (e.g. "1K", "1P").
result<std::uint64_t> parse_byte_size(const std::string& option, const std::string& text,
                                      std::uint64_t min, std::uint64_t max,
                                      const std::string& min_text, const std::string& max_text);

} // namespace actorbench::bench
