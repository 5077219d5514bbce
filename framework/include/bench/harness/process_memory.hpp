#pragma once

#include <cstdint>
#include <optional>

namespace actorbench::bench {

/// Resident set size of this process now, in bytes (Linux /proc).
std::optional<std::uint64_t> current_rss_bytes();

/// Peak resident set size since start or since the last reset, in bytes.
std::optional<std::uint64_t> peak_rss_bytes();

/// Resets the kernel's peak-RSS mark to the current RSS, so each
/// configuration's peak is its own; false where the kernel does not allow it.
bool reset_peak_rss();

/// Memory the kernel says can be given to new work without swapping, in bytes.
std::optional<std::uint64_t> available_memory_bytes();

} // namespace actorbench::bench
